import { readFileSync } from 'node:fs';

/** Where the test run's migrated empty database is (global-setup.ts makes it; unset outside Vitest, e.g. in bench/). */
export const TEMPLATE_ENV = { pglite: 'FIELDBOOK_TEST_PGLITE_TEMPLATE', postgres: 'FIELDBOOK_TEST_PG_TEMPLATE' } as const;

let pgliteTar: Blob | undefined;

/** The migrated PGlite data directory as a tar to load, read once per worker; undefined: migrate from scratch. */
export function pgliteTemplate(): Blob | undefined {
  const file = process.env[TEMPLATE_ENV.pglite];
  if (!file) return undefined;
  pgliteTar ??= new Blob([readFileSync(file)]);
  return pgliteTar;
}

/** The migrated PostgreSQL database to copy (`CREATE DATABASE … TEMPLATE`); undefined: migrate from scratch. */
export function postgresTemplate(): string | undefined {
  const name = process.env[TEMPLATE_ENV.postgres];
  return name && /^[a-z0-9_]+$/.test(name) ? name : undefined;
}
