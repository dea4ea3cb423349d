// EXPLAIN (ANALYZE, BUFFERS) of every statement the benchmarked requests run, on the benchmark database.
//   node --import tsx bench/explain.ts [name] [--full]      name: jobs | tasks | tasks10 | homepage | searchRoof | searchMisspelled
import pg from 'pg';
import { benchUser, captureStatements } from './queries';

const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const only = process.argv.slice(2).find((a) => !a.startsWith('--'));
const full = process.argv.includes('--full');
const client = new pg.Client({ connectionString: url });
await client.connect();
const who = await benchUser(client);
const statements = await captureStatements(url, who);
for (const [name, list] of Object.entries(statements)) {
  if (only && name !== only) continue;
  for (const s of list) {
    const { rows } = await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.values);
    const lines = rows.map((r: Record<string, string>) => r['QUERY PLAN']!);
    console.log(`== ${name}\n${(full ? lines : lines.filter((l) => /Execution|Planning Time|Scan|Sort|Limit/.test(l))).join('\n')}`);
  }
}
await client.end();
