// Retrieval quality and latency of the assistant without a language model (issue 14), on the benchmark database:
//   node bench/generate.mjs   # once
//   node --import tsx bench/assistant-eval.ts
// Plants 60 facts in the bench workspace (documents, call transcripts, jobs, tasks) among its 10k jobs / 100k tasks
// / 20k documents / 60k calls, asks one question per fact — a third in the fact's words, a third in other words, a
// third with a misspelling — through POST /api/assistant/query of the real server, and reports recall@1, recall@5,
// MRR and latency. The planted rows are removed at the end.
import pg from 'pg';
import { startApp } from './start-app';

const BENCH_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/fieldbook_bench';
const TAG = 'EVAL-PLANTED';

type Kind = 'document' | 'recording' | 'job' | 'task';
/** A fact, where it is planted, and three questions: its words, other words, a misspelling. */
type Fact = { kind: Kind; text: string; name?: string; questions: [string, string, string] };

const FACTS: Fact[] = [
  { kind: 'document', name: 'Petrov sunroom report.pdf', text: 'The Petrov sunroom skylight cracked during the March hailstorm and the frame is rotting.', questions: ['Petrov sunroom skylight', 'what broke in the Petrov glass room', 'Petrof sunroom skylite'] },
  { kind: 'document', name: 'Okafor permit.pdf', text: 'City permit 88-1422 approves the Okafor deck extension of 240 square feet.', questions: ['Okafor deck permit number', 'is the Okafor porch extension approved', 'Okafro deck permit'] },
  { kind: 'document', name: 'Lindqvist invoice.pdf', text: 'Invoice for the Lindqvist attic insulation: blown cellulose, total due 3,180 dollars.', questions: ['Lindqvist attic insulation invoice', 'how much do the Lindqvists owe for the loft', 'Lindquist attic insulaton'] },
  { kind: 'document', name: 'Moreau inspection.pdf', text: 'Inspection of the Moreau crawlspace found standing water and efflorescence on the piers.', questions: ['Moreau crawlspace inspection', 'what did the inspector find under the Moreau house', 'Moreau crawlspce'] },
  { kind: 'document', name: 'Yamamoto contract.pdf', text: 'The Yamamoto contract covers a standing seam metal roof with a twenty year warranty.', questions: ['Yamamoto metal roof contract', 'what warranty does Yamamoto get', 'Yamamto standing seam'] },
  { kind: 'document', name: 'Castellanos estimate.pdf', text: 'Estimate for Castellanos: replace the cedar fence along the alley, 86 feet, stain included.', questions: ['Castellanos cedar fence estimate', 'how long is the Castellanos fence by the alley', 'Castelanos ceder fence'] },
  { kind: 'document', name: 'Brennan adjuster letter.pdf', text: 'The adjuster denied the Brennan claim for the detached garage because of prior wind damage.', questions: ['Brennan garage claim denied', 'why was the Brennan outbuilding claim refused', 'Brenan garage claim'] },
  { kind: 'document', name: 'Achterberg photos.pdf', text: 'Photos show the Achterberg chimney crown spalling and a missing rain cap.', questions: ['Achterberg chimney crown', 'what is wrong with the Achterberg flue', 'Achterburg chimny'] },
  { kind: 'document', name: 'Szabo change order.pdf', text: 'Change order two for Szabo adds a bathroom exhaust fan vented through the soffit.', questions: ['Szabo change order exhaust fan', 'what did Szabo add to the bathroom job', 'Sabo exaust fan'] },
  { kind: 'document', name: 'Nakamura warranty.pdf', text: 'Nakamura window warranty: the manufacturer replaces failed seals for ten years.', questions: ['Nakamura window seal warranty', 'who pays if the Nakamura glazing fogs up', 'Nakamora window warrenty'] },
  { kind: 'recording', text: 'Hi it is Greta Vasquez, the water heater in the garage is dripping onto the floor again.', questions: ['Vasquez water heater dripping', 'what did Greta say about the tank in her garage', 'Vasques water heatr'] },
  { kind: 'recording', text: 'This is Tomasz Wojcik, the adjuster can meet us at the property Thursday at nine.', questions: ['Wojcik adjuster Thursday', 'when can the Wojcik insurance person come', 'Wojick adjustor'] },
  { kind: 'recording', text: 'Hello, Priya Raman here, the new gutters are overflowing at the front porch corner.', questions: ['Raman gutters overflowing porch', 'what problem did Priya report with the eaves troughs', 'Ramann gutter overflowng'] },
  { kind: 'recording', text: 'Kwame Boateng calling, the basement sump pump alarm went off during the storm.', questions: ['Boateng sump pump alarm', 'what went off in the Boateng cellar', 'Boatang sump pum'] },
  { kind: 'recording', text: 'It is Ingrid Solberg, we picked the charcoal shingles, not the weathered wood ones.', questions: ['Solberg charcoal shingles', 'which roof color did Ingrid choose', 'Solburg charcol shingles'] },
  { kind: 'recording', text: 'Marco Bellini here, the dumpster is blocking the neighbor driveway, please move it.', questions: ['Bellini dumpster driveway', 'what is in the way at the Bellini place', 'Belini dumpstr'] },
  { kind: 'recording', text: 'Hi, Olusegun Adeyemi, the electrician needs the panel cover off before Monday.', questions: ['Adeyemi electrician panel', 'what does the Adeyemi electrician need', 'Adeyami electricain'] },
  { kind: 'recording', text: 'Fatima Haddad, the tile in the master shower is cracked near the drain.', questions: ['Haddad shower tile cracked', 'what is damaged in the Haddad bathroom', 'Hadad showr tile'] },
  { kind: 'recording', text: 'Seamus Gallagher calling, the skylight over the kitchen leaks when it rains hard.', questions: ['Gallagher kitchen skylight leak', 'where does water come in at the Gallagher house', 'Galagher skylite'] },
  { kind: 'recording', text: 'Anneliese Brandt, the painters left overspray on the new windows in the sunporch.', questions: ['Brandt overspray windows', 'what mess did the painters leave for Brandt', 'Brant overspay'] },
  ...[
    ['Quisenberry', 'foundation crack on the east wall', 'what is split in the Quisenberry basement wall', 'Quisenbery foundaton'],
    ['Delacroix', 'hurricane shutters installation', 'storm panels for Delacroix', 'Delacrox shutters'],
    ['Abernathy', 'mold remediation in the nursery', 'fungus cleanup in the Abernathy baby room', 'Abernathey mold'],
    ['Kowalczyk', 'solar panel removal before reroof', 'take off the Kowalczyk PV modules', 'Kowalcyk solar'],
    ['Whitmore', 'barn siding replacement', 'new cladding for the Whitmore stable', 'Whitmor barn siding'],
    ['Oyelaran', 'ice dam damage to the eaves', 'frozen buildup harmed the Oyelaran roof edge', 'Oyelaren ice dam'],
    ['Fitzgerald', 'copper gutter install', 'metal rain channels for Fitzgerald', 'Fitsgerald coper gutter'],
    ['Haugland', 'wheelchair ramp construction', 'accessible entry slope for Haugland', 'Haugeland ramp'],
    ['Ibarra', 'stucco patching after termite work', 'plaster repair at Ibarra after bugs', 'Ibara stuco'],
    ['Thorvaldsen', 'garage door spring replacement', 'fix the Thorvaldsen overhead door tension', 'Thorvaldson garage spring'],
  ].flatMap(([name, job, other, typo]): Fact[] => [
    { kind: 'job', name: `${name} Residence`, text: `${name} Residence: ${job}.`, questions: [`${name} ${job}`, other!, typo!] },
  ]),
  ...[
    ['Zeller', 'order 30 bundles of ridge cap shingles', 'buy the top-of-roof pieces for Zeller', 'Zellar ridge cap'],
    ['Mbeki', 'schedule the crane for the truss delivery', 'book lifting equipment for the Mbeki rafters', 'Mbekki crane'],
    ['Lundgren', 'photograph the hail dents on the siding', 'take pictures of storm marks on Lundgren walls', 'Lundgrin hail photos'],
    ['Petrakis', 'measure the deck for composite boards', 'size up the Petrakis patio for new planks', 'Petrakiss deck measure'],
    ['Ostrowski', 'call the inspector for final approval', 'ring the city official to sign off Ostrowski', 'Ostrowsky inspector'],
    ['Valdivia', 'seal the window frames with silicone', 'caulk the Valdivia glazing', 'Valdivya silicone'],
    ['Rasmussen', 'replace the broken downspout elbow', 'fix the bent drain pipe corner at Rasmussen', 'Rasmusen downspot'],
    ['Achebe', 'remove the wasp nest under the soffit', 'get rid of insects in the Achebe eaves', 'Acheebe wasp nest'],
    ['Lefebvre', 'deliver the dumpster to the side yard', 'drop off the waste bin at Lefebvre', 'Lefebre dumpster'],
    ['Nikolaidis', 'paint the trim after the siding dries', 'finish the Nikolaidis edges with color', 'Nikolaides trim paint'],
  ].flatMap(([name, task, other, typo]): Fact[] => [{ kind: 'task', text: `${name}: ${task}`, questions: [`${name} ${task}`, other!, typo!] }]),
];

const pool = new pg.Pool({ connectionString: BENCH_URL, max: 2 });
const { rows: [who] } = await pool.query(`SELECT u.id AS user_id, p.workspace_id FROM users u JOIN profiles p ON p.id = u.id WHERE u.email = 'bench@fieldbook.local'`);
if (!who) throw new Error('Run node bench/generate.mjs first');
/** The id an `INSERT … RETURNING id` gave back. */
async function insertedId(result: Promise<pg.QueryResult<{ id: string }>>): Promise<string> {
  const row = (await result).rows[0];
  if (!row) throw new Error('the insert returned no row');
  return row.id;
}

const planted: { id: string; fact: Fact }[] = [];
const app = await startApp(3134);
try {
  const job = (await pool.query<{ id: string }>(`SELECT id FROM jobs WHERE workspace_id = $1 LIMIT 1`, [who.workspace_id])).rows[0];
  if (!job) throw new Error('the bench workspace has no job: run bench/generate.mjs first');
  for (const fact of FACTS) {
    let id: string;
    if (fact.kind === 'document') {
      id = await insertedId(pool.query(`INSERT INTO documents (workspace_id, name, status, file_type, mime_type, extracted_text, metadata) VALUES ($1, $2, 'processed', 'pdf', 'application/pdf', $3, $4) RETURNING id`, [who.workspace_id, fact.name, fact.text, { tag: TAG }]));
    } else if (fact.kind === 'recording') {
      id = await insertedId(pool.query(
        `INSERT INTO recordings (workspace_id, user_id, file_name, file_type, mime_type, status, storage_key, transcription_status, transcript_text, group_id) VALUES ($1, $2, 'call.m4a', 'm4a', 'audio/mp4', 'stored', 'recordings/eval', 'done', $3, $4) RETURNING id`,
        [who.workspace_id, who.user_id, fact.text, TAG],
      ));
    } else if (fact.kind === 'job') {
      id = await insertedId(pool.query(`INSERT INTO jobs (workspace_id, client_name, title, description, metadata) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [who.workspace_id, fact.name, fact.text.split(': ')[1], fact.text, { tag: TAG }]));
    } else {
      id = await insertedId(pool.query(`INSERT INTO tasks (workspace_id, job_id, description, assigned_to) VALUES ($1, $2, $3, $4) RETURNING id`, [who.workspace_id, job.id, fact.text, TAG]));
    }
    planted.push({ id, fact });
  }
  await pool.query('ANALYZE');

  const results: { style: string; kind: Kind; rank: number | null; ms: number }[] = [];
  const ask = async (query: string) => {
    const started = performance.now();
    const res = await fetch(`${app.url}/api/assistant/query`, { method: 'POST', headers: { authorization: `Bearer ${app.token}`, 'content-type': 'application/json' }, body: JSON.stringify({ query, workspace_id: who.workspace_id, include_sources: true }) });
    const body = (await res.json()) as { sources: { metadata: { id: string } }[] };
    return { ms: performance.now() - started, ids: body.sources.map((s) => s.metadata.id) };
  };
  await ask('warm up the roof question'); // JIT, plans
  for (const p of planted) {
    for (const [i, style] of (['same words', 'other words', 'misspelled'] as const).entries()) {
      const { ms, ids } = await ask(p.fact.questions[i]!);
      const at = ids.indexOf(p.id);
      results.push({ style, kind: p.fact.kind, rank: at >= 0 ? at + 1 : null, ms });
      if (process.env.SHOW_SLOW && ms > 300) console.error(`slow ${Math.round(ms)} ms: ${p.fact.questions[i]}`);
    }
  }
  const summarise = (rs: typeof results) => ({
    questions: rs.length,
    recallAt1: Math.round((rs.filter((r) => r.rank === 1).length / rs.length) * 100) / 100,
    recallAt5: Math.round((rs.filter((r) => r.rank !== null && r.rank <= 5).length / rs.length) * 100) / 100,
    mrr: Math.round((rs.reduce((s, r) => s + (r.rank ? 1 / r.rank : 0), 0) / rs.length) * 100) / 100,
  });
  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  console.log(
    JSON.stringify(
      {
        all: summarise(results),
        byStyle: Object.fromEntries(['same words', 'other words', 'misspelled'].map((s) => [s, summarise(results.filter((r) => r.style === s))])),
        byKind: Object.fromEntries((['document', 'recording', 'job', 'task'] as const).map((k) => [k, summarise(results.filter((r) => r.kind === k))])),
        latencyMs: { p50: Math.round(ms[Math.floor(ms.length * 0.5)]!), p95: Math.round(ms[Math.floor(ms.length * 0.95)]!), max: Math.round(ms.at(-1)!) },
      },
      null,
      2,
    ),
  );
} finally {
  app.stop();
  for (const p of planted) {
    const table = { document: 'documents', recording: 'recordings', job: 'jobs', task: 'tasks' }[p.fact.kind];
    await pool.query(`DELETE FROM ${table} WHERE id = $1`, [p.id]);
  }
  await pool.end();
}
