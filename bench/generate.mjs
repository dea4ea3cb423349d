// Fills a real PostgreSQL database with the benchmark data set (design.md §11):
// one workspace with 10,000 jobs, 100,000 tasks and 5,000 contacts, plus 20 other workspaces with some data.
// Everything is generated inside PostgreSQL (generate_series), so a full load takes seconds.
//
//   node bench/generate.mjs            (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/fieldbook_bench)
//
// The database is dropped and re-created. Only loopback servers are accepted.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';

export const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
export const BENCH_EMAIL = 'bench@fieldbook.local';
const here = path.dirname(fileURLToPath(import.meta.url));
const migrationsFolder = path.resolve(here, '../apps/server/src/db/migrations');

const MAIN = { jobs: 10_000, tasks: 100_000, contacts: 5_000, documents: 20_000, recordings: 60_000 };
const OTHER = { count: 20, jobs: 500, tasks: 5_000, contacts: 250, documents: 1_000, recordings: 2_000 };

function assertLoopback(url) {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(host)) throw new Error(`Refusing non-loopback database host ${host}`);
}

const sqlArray = (items) => `ARRAY[${items.map((s) => `'${s.replace(/'/g, "''")}'`).join(',')}]`;
const pick = (items, r) => `(${sqlArray(items)})[1 + floor(${r} * ${items.length})::int]`;

const LAST = ['Smith', 'Johnson', 'Garcia', 'Miller', 'Davis', 'Martinez', 'Hernandez', 'Lopez', 'Wilson', 'Anderson', 'Thomas', 'Taylor', 'Moore', 'Jackson', 'Martin', 'Lee', 'Thompson', 'White', 'Harris', 'Clark', 'Lewis', 'Robinson', 'Walker', 'Young', 'Allen', 'King', 'Wright', 'Scott', 'Green', 'Baker'];
const FIRST = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Carlos', 'Maria', 'Wei', 'Aisha'];
const CLIENT_SUFFIX = ['Family', 'Residence', 'Holdings', 'Properties', 'LLC', 'Trust'];
const STREETS = ['Oak', 'Maple', 'Cedar', 'Pine', 'Elm', 'Birch', 'Walnut', 'Willow', 'Lake', 'Hill', 'Park', 'Main', 'Church', 'Mill', 'River'];
const STREET_TYPES = ['Street', 'Avenue', 'Road', 'Lane', 'Drive', 'Court'];
const JOB_TITLES = ['Roof replacement', 'Water damage restoration', 'Kitchen remodel', 'Plumbing repair', 'Storm damage repair', 'Fire damage cleanup', 'Bathroom renovation', 'Siding replacement', 'Foundation repair', 'Mold remediation', 'Window replacement', 'Deck rebuild', 'Hail damage claim', 'Basement waterproofing', 'Electrical upgrade'];
const JOB_DETAILS = ['after the spring storm', 'reported by the homeowner', 'insurance claim approved', 'adjuster visit pending', 'second floor and attic', 'north side of the house', 'rental property, tenant on site', 'urgent: active leak', 'permit required by the city', 'matching materials requested'];
const VERBS = ['Inspect', 'Replace', 'Repair', 'Order', 'Schedule', 'Photograph', 'Measure', 'Clean', 'Install', 'Remove', 'Seal', 'Quote', 'Check', 'Patch', 'Paint'];
const OBJECTS = ['roof flashing', 'roof decking', 'shingles', 'gutters', 'downspouts', 'plumbing under the sink', 'water heater', 'drywall', 'ceiling stain', 'subfloor', 'kitchen cabinets', 'countertops', 'bathroom tile', 'window frames', 'siding panels', 'attic insulation', 'electrical panel', 'smoke detectors', 'deck boards', 'foundation crack', 'sump pump', 'HVAC ducts', 'carpet padding', 'exterior trim', 'chimney cap'];
const PLACES = ['near the chimney', 'in the basement', 'on the north slope', 'in the master bath', 'in the garage', 'by the back door', 'in the attic', 'along the driveway', 'in unit 2', 'before the adjuster visit', 'for the estimate', 'per the inspection report'];

/** INSERT … SELECT statements for one workspace; `r1..r6` are per-row random numbers. */
function jobsSql(n) {
  return `INSERT INTO jobs (workspace_id, created_by, client_name, property_address, claim_number, status, title, description, due_date, created_at, updated_at)
    SELECT $1, $2,
      ${pick(LAST, 'r1')} || ' ' || ${pick(CLIENT_SUFFIX, 'r2')},
      (1 + floor(r3 * 9999))::int || ' ' || ${pick(STREETS, 'r4')} || ' ' || ${pick(STREET_TYPES, 'r5')},
      'CLM-' || $3 || '-' || lpad(g::text, 6, '0'),
      CASE WHEN r6 < 0.40 THEN 'active' WHEN r6 < 0.55 THEN 'pending' WHEN r6 < 0.70 THEN 'in progress' WHEN r6 < 0.95 THEN 'completed' ELSE 'cancelled' END,
      ${pick(JOB_TITLES, 'r2')},
      ${pick(JOB_TITLES, 'r4')} || ', ' || ${pick(JOB_DETAILS, 'r5')} || '.',
      CASE WHEN r3 < 0.8 THEN current_date + (floor(r1 * 365) - 90)::int END,
      ts, ts
    FROM (SELECT g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
                 now() - random() * interval '730 days' AS ts
          FROM generate_series(1, ${n}) g) s`;
}

function tasksSql(n, contacts) {
  return `WITH j AS (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS rn, count(*) OVER () AS n FROM jobs WHERE workspace_id = $1)
    INSERT INTO tasks (workspace_id, job_id, created_by, description, assigned_to, status, priority, due_date, created_at, updated_at)
    SELECT $1, j.id, $2,
      ${pick(VERBS, 'r1')} || ' ' || ${pick(OBJECTS, 'r2')} || ' ' || ${pick(PLACES, 'r3')},
      CASE WHEN r4 < 0.8 THEN '555' || lpad((1 + floor(r5 * ${contacts}))::int::text, 7, '0') END,
      CASE WHEN r6 < 0.5 THEN 'pending' WHEN r6 < 0.7 THEN 'in progress' ELSE 'completed' END,
      CASE WHEN r3 < 0.25 THEN 'low' WHEN r3 < 0.75 THEN 'medium' ELSE 'high' END,
      CASE WHEN r4 < 0.6 THEN current_date + (floor(r1 * 120) - 30)::int END,
      ts, ts
    FROM (SELECT g, random() r1, random() r2, random() r3, random() r4, random() r5, random() r6,
                 now() - random() * interval '730 days' AS ts
          FROM generate_series(1, ${n}) g) s
    JOIN j ON j.rn = s.g % j.n`;
}

const DOC_TYPES = ['contract', 'estimate', 'invoice', 'permit', 'inspection_report', 'uploaded'];
/** Documents of the workspace's jobs (90%) or loose (10%), with a paragraph of extracted text each (~600 characters). */
function documentsSql(n) {
  return `WITH j AS (SELECT id, row_number() OVER (ORDER BY created_at) - 1 AS rn, count(*) OVER () AS n FROM jobs WHERE workspace_id = $1)
    INSERT INTO documents (workspace_id, job_id, created_by, name, document_type, file_type, mime_type, file_size, status, storage_key, metadata, extracted_text, processed_at, created_at, updated_at)
    SELECT $1, CASE WHEN r1 < 0.9 THEN j.id END, $2,
      ${pick(DOC_TYPES, 'r2')} || '-' || g || '.pdf',
      ${pick(DOC_TYPES, 'r2')}, 'pdf', 'application/pdf', (20000 + floor(r3 * 2000000))::int,
      CASE WHEN r4 < 0.70 THEN 'processed' WHEN r4 < 0.95 THEN 'created' WHEN r4 < 0.98 THEN 'processing' ELSE 'failed' END,
      'documents/' || $1 || '/' || gen_random_uuid(),
      jsonb_build_object('size', 20000, 'extracted_data', jsonb_build_object('total', round((r3 * 20000)::numeric, 2))),
      (SELECT string_agg(${pick(VERBS, 'random() + k.i * 0 + g * 0')} || ' ' || ${pick(OBJECTS, 'random() + k.i * 0 + g * 0')} || ' ' || ${pick(PLACES, 'random() + k.i * 0 + g * 0')}, '. ') FROM generate_series(1, 12) AS k(i)),
      ts, ts, ts
    FROM (SELECT g, random() r1, random() r2, random() r3, random() r4,
                 now() - random() * interval '730 days' AS ts
          FROM generate_series(1, ${n}) g) s
    JOIN j ON j.rn = s.g % j.n`;
}

/** Call recordings of the workspace's user: spec file names, two years of calls, a transcribed sentence or three. */
function recordingsSql(n, contacts) {
  return `INSERT INTO recordings (workspace_id, user_id, file_name, file_type, mime_type, file_size, duration_seconds, direction, phone_number, recorded_at, status, storage_key, transcription_status, transcript_text, transcript_engine, created_at, updated_at)
    SELECT $1, $2,
      dir || '_' || to_char(ts, 'YYYYMMDD') || '_' || to_char(ts, 'HH24MISS') || '_' || phone || '_' || $3 || '.m4a',
      'm4a', 'audio/mp4', (50000 + floor(r1 * 5000000))::int, round((30 + r1 * 900)::numeric, 2), dir, phone, ts, 'stored',
      'recordings/' || $4 || '/' || gen_random_uuid(),
      'done',
      (SELECT string_agg(${pick(VERBS, 'random() + k.i * 0 + g * 0')} || ' the ' || ${pick(OBJECTS, 'random() + k.i * 0 + g * 0')} || ' ' || ${pick(PLACES, 'random() + k.i * 0 + g * 0')}, '. ') FROM generate_series(1, 3) AS k(i)),
      'pocketsphinx (en-us)', ts + interval '2 minutes', ts + interval '2 minutes'
    FROM (SELECT g, r1, ts,
                 CASE WHEN r2 < 0.55 THEN 'incoming' WHEN r2 < 0.95 THEN 'outgoing' ELSE 'unknown' END AS dir,
                 '555' || lpad((1 + floor(r3 * ${contacts}))::int::text, 7, '0') AS phone
          FROM (SELECT g, random() r1, random() r2, random() r3, now() - random() * interval '730 days' AS ts FROM generate_series(1, ${n}) g) raw) s`;
}

function contactsSql(n) {
  return `INSERT INTO contacts (owner_id, name, phone_number, email, role)
    SELECT $1, ${pick(FIRST, 'r1')} || ' ' || ${pick(LAST, 'r2')}, '555' || lpad(g::text, 7, '0'),
           'crew' || g || '@example.com', ${pick(['crew', 'adjuster', 'homeowner', 'subcontractor', 'supplier'], 'r3')}
    FROM (SELECT g, random() r1, random() r2, random() r3 FROM generate_series(1, ${n}) g) s`;
}

async function createUser(client, email, workspaceName) {
  const { rows: [user] } = await client.query(
    `INSERT INTO users (email, encrypted_password, email_confirmed_at) VALUES ($1, 'bench-no-login', now()) RETURNING id`,
    [email],
  );
  const { rows: [ws] } = await client.query(`INSERT INTO workspaces (name, owner_id) VALUES ($1, $2) RETURNING id`, [workspaceName, user.id]);
  await client.query(`INSERT INTO profiles (id, email, role, workspace_id, user_name) VALUES ($1, $2, 'user', $3, $4)`, [user.id, email, ws.id, email.split('@')[0]]);
  await client.query(`INSERT INTO auth_sessions (user_id, amr) VALUES ($1, '[{"method":"password","timestamp":0}]')`, [user.id]);
  return { userId: user.id, workspaceId: ws.id };
}

/** Fills one workspace (who: {userId, workspaceId}) with `sizes` of generated work; also used by bench/soak.mjs. */
export async function fill(client, who, sizes, tag) {
  await client.query(contactsSql(sizes.contacts), [who.userId]);
  await client.query(jobsSql(sizes.jobs), [who.workspaceId, who.userId, tag]);
  await client.query(tasksSql(sizes.tasks, sizes.contacts), [who.workspaceId, who.userId]);
  await client.query(documentsSql(sizes.documents), [who.workspaceId, who.userId]);
  await client.query(recordingsSql(sizes.recordings, sizes.contacts), [who.workspaceId, who.userId, String(who.userId), String(who.workspaceId)]);
}

export async function generate(url = BENCH_URL) {
  assertLoopback(url);
  const started = Date.now();
  const target = new URL(url);
  const dbName = target.pathname.slice(1);
  if (!/^[a-z0-9_]+$/.test(dbName)) throw new Error(`Unexpected database name ${dbName}`);
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: adminUrl.toString() });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${dbName} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${dbName}`);
  await admin.end();

  const pool = new pg.Pool({ connectionString: url, max: 2 });
  await migrate(drizzle({ client: pool }), { migrationsFolder });
  const client = await pool.connect();
  try {
    await client.query(`SELECT setseed(0.42)`);
    const main = await createUser(client, BENCH_EMAIL, 'Bench Roofing & Restoration');
    await fill(client, main, MAIN, 'M');
    // The administrator of the analytics runs (workspace analytics is admin-only), in the main workspace.
    const admin = await createUser(client, 'bench-admin@fieldbook.local', 'Bench admin (unused)');
    await client.query(`UPDATE profiles SET role = 'admin', workspace_id = $1 WHERE id = $2`, [main.workspaceId, admin.userId]);
    for (let i = 1; i <= OTHER.count; i++) {
      const other = await createUser(client, `bench-other-${i}@fieldbook.local`, `Other contractor ${i}`);
      await fill(client, other, OTHER, `O${i}`);
    }
    await client.query('VACUUM ANALYZE');
    const { rows } = await client.query(
      `SELECT (SELECT count(*) FROM jobs)::int AS jobs, (SELECT count(*) FROM tasks)::int AS tasks, (SELECT count(*) FROM contacts)::int AS contacts, (SELECT count(*) FROM documents)::int AS documents, (SELECT count(*) FROM recordings)::int AS recordings,
              (SELECT count(*) FROM workspaces)::int AS workspaces,
              (SELECT sum(count) FROM workspace_counts WHERE workspace_id = $1 AND entity = 'tasks')::int AS main_tasks,
              pg_size_pretty(pg_database_size(current_database())) AS size`,
      [main.workspaceId],
    );
    console.log(`generated in ${((Date.now() - started) / 1000).toFixed(1)} s:`, rows[0]);
    return main;
  } finally {
    client.release();
    await pool.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  generate().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
