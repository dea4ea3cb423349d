import pg from 'pg';
import { captureStatements } from './queries';
const url = 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const c = new pg.Client({ connectionString: url }); await c.connect();
const { rows: [who] } = await c.query(`SELECT u.id AS "userId", p.workspace_id AS "workspaceId", u.email FROM users u JOIN profiles p ON p.id=u.id WHERE u.email='bench@fieldbook.local'`);
const st = await captureStatements(url, who);
const s = st.searchRoof[0]!;
const variants: Record<string, string> = {
  asis: s.text,
  noRank: s.text.replaceAll(/ts_rank\((j|t)\.search_vector, q\.tsq, 32\)/g, '0'),
  noCount: s.text.replaceAll('(count(*) OVER ())::int', '0'),
  neither: s.text.replaceAll(/ts_rank\((j|t)\.search_vector, q\.tsq, 32\)/g, '0').replaceAll('(count(*) OVER ())::int', '0'),
};
const totals: Record<string, number> = {};
for (let round = 0; round < 15; round++) for (const [k, text] of Object.entries(variants)) {
  const t0 = process.hrtime.bigint(); await c.query(text, s.values); totals[k] = (totals[k] ?? 0) + Number(process.hrtime.bigint() - t0) / 1e6;
}
for (const [k, v] of Object.entries(totals)) console.log(k.padEnd(10), (v / 15).toFixed(2), 'ms');
await c.end();
