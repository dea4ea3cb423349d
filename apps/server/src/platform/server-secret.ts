import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/sql';

/**
 * A secret every server process on the database shares (the JWT secret when JWT_SECRET is not set, on PostgreSQL):
 * access tokens, signed document links and playback URLs made by one process must verify on the others, so a
 * secret generated per process (or per DATA_DIR) will not do. The first process to ask stores `candidate`; every
 * other — started at the same moment or later — gets that one (the insert is atomic on the primary key).
 */
export async function sharedSecret(db: Db, name: string, candidate: string): Promise<string> {
  await db.execute(sql`INSERT INTO server_secrets (name, value) VALUES (${name}, ${candidate}) ON CONFLICT (name) DO NOTHING`);
  const [row] = await queryRows<{ value: string }>(db, sql`SELECT value FROM server_secrets WHERE name = ${name}`);
  if (!row) throw new Error(`The shared secret ${name} could not be stored`);
  return row.value;
}
