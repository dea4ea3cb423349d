import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { migrateDatabase, openPglite, openPostgres } from '../db/client';
import { TEMPLATE_ENV } from './database-template';

/**
 * Vitest's global set-up for the server tests: one migrated empty database, made once per run, that every test file's
 * fresh database is copied from (setup-app.ts) instead of running initdb and the 35+ migrations again — about 2.5 s
 * per file on these machines (issue 38). On PGlite a dumpDataDir tar; on PostgreSQL (TEST_DATABASE_URL) a template
 * database that `CREATE DATABASE … TEMPLATE` copies. The workers are started after this and inherit the variables.
 */
export default async function setup(): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-test-template-'));
  const pglite = await openPglite('memory://');
  await migrateDatabase(pglite);
  const tarFile = path.join(dir, 'pglite.tar');
  await writeFile(tarFile, Buffer.from(await (await pglite.dumpDataDir!()).arrayBuffer()));
  await pglite.close();
  process.env[TEMPLATE_ENV.pglite] = tarFile;

  let dropTemplate = async () => {};
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `fieldbook_template_${randomUUID().replaceAll('-', '')}`;
    const { default: pg } = await import('pg');
    const admin = async (statement: string) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(statement);
      } finally {
        await client.end();
      }
    };
    await admin(`CREATE DATABASE ${name}`);
    dropTemplate = () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 1 });
    await migrateDatabase(database);
    await database.close();
    process.env[TEMPLATE_ENV.postgres] = name;
  }
  return async () => {
    await dropTemplate();
    await rm(dir, { recursive: true, force: true });
  };
}
