import pg from 'pg';
import { captureStatements } from './queries';
const url = 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const c = new pg.Client({ connectionString: url }); await c.connect();
const { rows: [who] } = await c.query(`SELECT u.id AS "userId", p.workspace_id AS "workspaceId", u.email FROM users u JOIN profiles p ON p.id=u.id WHERE u.email='bench@fieldbook.local'`);
const st = await captureStatements(url, who);
async function time(name: string, text: string, params: unknown[], n = 100) {
  for (let i = 0; i < 10; i++) await c.query(text, params);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await c.query(text, params);
  console.log(name.padEnd(30), (Number(process.hrtime.bigint() - t0) / 1e6 / n).toFixed(3), 'ms');
}
const tasks = st.tasks[0]!;
await time('tasks200 as is', tasks.text, tasks.params);
await time('tasks200 named', tasks.text, tasks.params);
const noContact = tasks.text.replace(/LEFT JOIN LATERAL \([\s\S]*?\) c ON true/, 'LEFT JOIN LATERAL (SELECT NULL::text AS name) c ON true');
await time('tasks200 no contact', noContact, tasks.params.slice(0,1).concat(tasks.params.slice(2)).length === tasks.params.length - 1 ? tasks.params : tasks.params);
await time('tasks200 no to_char', tasks.text.replace(/to_char\(t\.(created_at|updated_at) AT TIME ZONE 'UTC', '[^']*'\)/g, 't.$1'), tasks.params);
await time('jobs10', st.jobs[0]!.text, st.jobs[0]!.params);
await time('homepage', st.homepage[0]!.text, st.homepage[0]!.params);
await time('tasks10', st.tasks10[0]!.text, st.tasks10[0]!.params);
await time('session lookup', `select "auth_sessions"."id", "auth_sessions"."aal", "users"."email", "profiles"."role", "profiles"."workspace_id" from "auth_sessions" inner join "users" on "users"."id" = "auth_sessions"."user_id" left join "profiles" on "profiles"."id" = "auth_sessions"."user_id" where ("auth_sessions"."id" = $1 and "auth_sessions"."user_id" = $2) limit $3`, [who.userId, who.userId, 1]);
await time('select 1', 'select 1', []);
for (const s of st.searchRoof) await time('searchRoof', s.text, s.params, 30);
for (const s of st.searchMisspelled) await time('searchMisspelled', s.text, s.params, 30);
await c.end();
