// The exact SQL statements (name, text, parameters) the server runs for each benchmarked request, captured by
// calling the real repository functions with a database handle whose pg pool records every statement.
// The floor (bare pg + node:http) replays them as the same named prepared statements, so both sides run the same SQL.
import { ListRecordingsQuerySchema, ListDocumentsQuerySchema, ListJobsQuerySchema, ListTasksQuerySchema, SearchQuerySchema } from '@fieldbook/contract';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/client';
import { schema } from '../apps/server/src/db/client';
import { homepageJson } from '../apps/server/src/features/dashboard/dashboard.repository';
import { findDocumentsPageJson } from '../apps/server/src/features/documents/documents.repository';
import { findRecordingsPageJson } from '../apps/server/src/features/recordings/recordings.repository';
import { recordingAnalyticsJson } from '../apps/server/src/features/analytics/analytics.repository';
import { findJobsPageJson } from '../apps/server/src/features/jobs/jobs.repository';
import { jobDocumentsJsonSql } from '../apps/server/src/features/documents/documents.summary';
import { jobTasksJsonSql } from '../apps/server/src/features/tasks/tasks.queries';
import { searchWork } from '../apps/server/src/features/search/search.service';
import { findTasksPageJson } from '../apps/server/src/features/tasks/tasks.repository';
import { resolveActor, type Actor } from '../apps/server/src/platform/auth-guard';
import type { AccessClaims, TokenSigner } from '../apps/server/src/platform/tokens';

/** `concurrent`: sent while the one before it was still running (searchWork's kinds side by side): replay together. */
export type Statement = { name: string; text: string; values: unknown[]; concurrent?: boolean };

export type BenchUser = { userId: string; workspaceId: string; email: string; sessionId: string };

/** The benchmark's signed-in user (bench/generate.mjs), as captureStatements takes it. */
export async function benchUser(client: { query: (text: string) => Promise<{ rows: unknown[] }> }): Promise<BenchUser> {
  const { rows: [who] } = await client.query(
    `SELECT u.id AS "userId", p.workspace_id AS "workspaceId", u.email, s.id AS "sessionId" FROM users u JOIN profiles p ON p.id = u.id JOIN auth_sessions s ON s.user_id = u.id WHERE u.email = 'bench@fieldbook.local'`,
  );
  if (!who) throw new Error('Run node bench/generate.mjs first');
  return who as BenchUser;
}

/** The zone the analytics' statements are captured in; bench/run.mjs asks the app for the same (its ANALYTICS_TIME_ZONE). */
const ANALYTICS_TIME_ZONE = 'America/Chicago';

export async function captureStatements(url: string, who: BenchUser) {
  const pool = new pg.Pool({ connectionString: url, max: 1 });
  let log: Statement[] = [];
  let running = 0;
  // The work repositories send their statements through `db.$client.query({ name, text, values })` (db/sql.ts).
  const recorder = {
    totalCount: 0,
    // drizzle's query builder passes the parameters as a second argument; db/sql.ts puts them in the statement.
    query: async (statement: Statement, values?: unknown[]) => {
      log.push({ name: statement.name, text: statement.text, values: values ?? statement.values, ...(running > 0 ? { concurrent: true } : {}) });
      running++;
      try {
        return await (values ? pool.query(statement, values) : pool.query(statement));
      } finally {
        running--;
      }
    },
  };
  const db = { $client: recorder } as unknown as Db;
  // Repositories built with drizzle's query builder (documents) go through a drizzle instance over the recorder.
  const built = drizzle({ client: recorder as unknown as pg.Pool, schema, casing: 'snake_case' }) as unknown as Db;
  const actor: Actor = { userId: who.userId, email: who.email, role: 'user', workspaceId: who.workspaceId, sessionId: '', aal: 'aal1' };
  const take = async (run: () => Promise<unknown>) => {
    log = [];
    await run();
    return log;
  };
  const { workspaceId, userId } = who;
  // The auth guard's session lookup, as resolveActor sends it once the token has been verified.
  const signer = { verify: async () => ({ sub: userId, session_id: who.sessionId }) as AccessClaims } as unknown as TokenSigner;
  const statements = {
    session: await take(() => resolveActor(db, signer, 'verified', { limits: { sessionMaxLifetimeSeconds: 90 * 86400, sessionInactivityTimeoutSeconds: 30 * 86400 }, now: new Date() })),
    jobs: await take(() => findJobsPageJson({ db, workspaceId, query: ListJobsQuerySchema.parse({}), parts: { tasksJson: jobTasksJsonSql, documentsJson: jobDocumentsJsonSql } })),
    tasks: await take(() => findTasksPageJson({ db, workspaceId, userId, query: ListTasksQuerySchema.parse({}) })),
    tasks10: await take(() => findTasksPageJson({ db, workspaceId, userId, query: ListTasksQuerySchema.parse({ limit: 10 }) })),
    homepage: await take(async () => {
      await homepageJson(db, workspaceId, userId);
    }),
    documents: await take(() => findDocumentsPageJson(built, workspaceId, ListDocumentsQuerySchema.parse({}))),
    recordings: await take(() => findRecordingsPageJson(db, { userId }, ListRecordingsQuerySchema.parse({}))),
    // One at a time: take() records into one shared log. Search reads the workspace's zone with drizzle's builder
    // (its job hits' next visits, issue 34), so it gets the drizzle instance over the recorder.
    analytics7: await take(() => recordingAnalyticsJson(db, { days: 7, workspaceId: undefined, timeZone: ANALYTICS_TIME_ZONE, now: new Date() })),
    analytics30: await take(() => recordingAnalyticsJson(db, { days: 30, workspaceId: undefined, timeZone: ANALYTICS_TIME_ZONE, now: new Date() })),
    analytics90: await take(() => recordingAnalyticsJson(db, { days: 90, workspaceId: undefined, timeZone: ANALYTICS_TIME_ZONE, now: new Date() })),
    analytics365: await take(() => recordingAnalyticsJson(db, { days: 365, workspaceId: undefined, timeZone: ANALYTICS_TIME_ZONE, now: new Date() })),
    searchRoof: await take(() => searchWork({ db: built, actor, query: SearchQuerySchema.parse({ query: 'roof' }) })),
    searchMisspelled: await take(() => searchWork({ db: built, actor, query: SearchQuerySchema.parse({ query: 'plumbng' }) })),
  };
  await pool.end();
  return statements;
}
