import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { schema } from '../db/client';
import { BLOB_KEY_SOURCES } from './backup';

/** Columns are declared in camelCase and named in snake_case by the client's casing option. */
const snake = (name: string) => name.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`);

describe('backup', () => {
  it('copies the blobs of every table that keeps a blob key (a new one must be listed in BLOB_KEY_SOURCES)', () => {
    const withKeys = (Object.values(schema) as unknown[])
      .filter((t): t is PgTable => is(t, PgTable))
      .map((t) => getTableConfig(t))
      .filter((t) => t.columns.some((c) => ['storage_key', 'blob_key'].includes(snake(c.name)) || (t.name === 'outbox_messages' && c.name === 'attachments')))
      .map((t) => t.name)
      .sort();
    expect(withKeys).toContain('documents');
    expect(BLOB_KEY_SOURCES.map((s) => s.table).sort()).toEqual(withKeys);
  });
});
