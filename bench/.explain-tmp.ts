import pg from 'pg';
import { captureStatements } from '/work/main/bench/queries';
const url = 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const c = new pg.Client({ connectionString: url }); await c.connect();
const { rows: [who] } = await c.query(`SELECT u.id AS "userId", p.workspace_id AS "workspaceId", u.email FROM users u JOIN profiles p ON p.id=u.id WHERE u.email='bench@fieldbook.local'`);
const st = await captureStatements(url, who);
const only = process.argv[2];
for (const [name, list] of Object.entries(st)) {
  if (only && name !== only) continue;
  for (const s of list) {
    const { rows } = await c.query(`EXPLAIN (ANALYZE, BUFFERS) ${s.text}`, s.params);
    console.log(`== ${name}\n` + rows.map((r: any) => r['QUERY PLAN']).filter((l: string) => process.argv[3] || /Execution|Planning|Scan|Sort|Limit/.test(l)).join('\n'));
  }
}
await c.end();
