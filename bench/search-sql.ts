// Times the search statements alone on the benchmark database (issue 37): each statement the server runs for
// `GET /api/search?query=roof` and `?query=plumbng`, sent as the same named prepared statement over one
// connection, --runs times after 5 warm-ups; prints median and p95 per statement and for the whole request's SQL.
//   node --import tsx bench/search-sql.ts [--runs=40]
import pg from 'pg';
import { benchUser, captureStatements } from './queries';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 40);
const client = new pg.Client({ connectionString: url });
await client.connect();
await client.query('SET jit = off');
// --plan=force_generic_plan|force_custom_plan|auto: PostgreSQL's plan_cache_mode for the run (auto is the server's).
const plan = process.argv.find((a) => a.startsWith('--plan='))?.split('=')[1];
if (plan) await client.query(`SET plan_cache_mode = ${plan === 'auto' ? 'auto' : plan === 'force_generic_plan' ? 'force_generic_plan' : 'force_custom_plan'}`);
const who = await benchUser(client);
const statements = await captureStatements(url, who);
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;
for (const name of ['searchRoof', 'searchMisspelled'] as const) {
  const list = statements[name];
  const totals: number[] = [];
  const each: number[][] = list.map(() => []);
  for (let i = 0; i < runs + 5; i++) {
    let total = 0;
    for (const [k, s] of list.entries()) {
      const t0 = performance.now();
      await client.query({ name: `${name}_${k}`, text: s.text, values: s.values });
      const ms = performance.now() - t0;
      total += ms;
      if (i >= 5) each[k]!.push(ms);
    }
    if (i >= 5) totals.push(total);
  }
  console.log(`${name}: ${list.length} statements, whole p50 ${pct(totals, 0.5).toFixed(2)} p95 ${pct(totals, 0.95).toFixed(2)} ms`);
  for (const [k, s] of list.entries()) console.log(`  ${k}: p50 ${pct(each[k]!, 0.5).toFixed(2)} p95 ${pct(each[k]!, 0.95).toFixed(2)} ms  ${s.text.replace(/\s+/g, ' ').slice(0, 90)}`);
}
const { rows: plans } = await client.query('SELECT name, generic_plans, custom_plans FROM pg_prepared_statements ORDER BY name');
for (const p of plans) console.log(`  ${p.name}: generic plans ${p.generic_plans}, custom plans ${p.custom_plans}`);
await client.end();
