// Whether PostgreSQL keeps one plan for each benchmarked statement, and what an execution costs on one connection.
// A named statement is planned for its parameters ("custom") the first five times, then PostgreSQL keeps a shared
// ("generic") plan if it judges it no dearer; a statement still planned afresh at every request pays its planning
// each time (db/sql.ts: limitSql, planFreeId).
//   node --import tsx bench/plans.ts [--generic]      --generic: force the shared plan, to compare what it costs
import pg from 'pg';
import { benchUser, captureStatements } from './queries';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const client = new pg.Client({ connectionString: url });
await client.connect();
if (process.argv.includes('--generic')) await client.query('SET plan_cache_mode = force_generic_plan');
const who = await benchUser(client);
const statements = await captureStatements(url, who);
for (const [name, list] of Object.entries(statements)) {
  for (const s of list) {
    for (let i = 0; i < 12; i++) await client.query({ name: s.name, text: s.text, values: s.values });
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < 200; i++) await client.query({ name: s.name, text: s.text, values: s.values });
    const us = Number(process.hrtime.bigint() - t0) / 200 / 1000;
    const { rows } = await client.query(`SELECT generic_plans, custom_plans FROM pg_prepared_statements WHERE name = $1`, [s.name]);
    console.log(`${name.padEnd(18)} plans generic ${String(rows[0].generic_plans).padStart(4)} custom ${String(rows[0].custom_plans).padStart(4)}  ${us.toFixed(0).padStart(6)} µs/execution`);
  }
}
await client.end();
