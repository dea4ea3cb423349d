import { SearchResponseSchema } from '@fieldbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { insertContact, insertJob, insertTask } from '../../test/factories';
import { CANDIDATES, OLD_CANDIDATES } from './search.service';

let ctx: TestContext;
let alice: TestUser;
let eve: TestUser;
let roofJobId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  eve = await createTestUser(ctx);
  const ws = alice.workspaceId!;
  const roofJob = await insertJob(ctx.db, { workspaceId: ws, title: 'Roof replacement', clientName: 'Henderson', propertyAddress: '4 Elm Road', description: 'Hail damage on the north side' });
  roofJobId = roofJob.id;
  const kitchen = await insertJob(ctx.db, { workspaceId: ws, title: 'Kitchen remodel', clientName: 'Garcia', propertyAddress: '77 Pine Ave' });
  await insertTask(ctx.db, { workspaceId: ws, jobId: roofJob.id, description: 'Inspect the roof flashing near the chimney', priority: 'high' });
  await insertTask(ctx.db, { workspaceId: ws, jobId: roofJob.id, description: 'Order roofing shingles' });
  await insertTask(ctx.db, { workspaceId: ws, jobId: kitchen.id, description: 'Replace plumbing under the sink', status: 'in progress' });
  await insertTask(ctx.db, { workspaceId: ws, jobId: kitchen.id, description: 'Paint <b>cabinets</b> & trim' });
  // Another workspace's matching rows must never appear.
  const eveJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId!, title: 'Roof for Eve' });
  await insertTask(ctx.db, { workspaceId: eve.workspaceId!, jobId: eveJob.id, description: 'Eve roof plumbing' });
});
afterAll(() => ctx.close());

const search = async (query: string, user = alice) => {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/search?query=${encodeURIComponent(query)}`, headers: user.headers });
  return res;
};

describe('GET /api/search', () => {
  it('finds jobs and tasks of the workspace by full text, with excerpt, reason, score and a summary', async () => {
    const res = await search('roof');
    expect(res.statusCode).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    expect(body.success).toBe(true);
    expect(body.summary).toBe('Found 2 tasks and 1 job matching "roof"');
    expect(body.results).toHaveLength(3);
    const job = body.results.find((r) => r.type === 'job')!;
    expect(job).toMatchObject({ id: roofJobId, title: 'Roof replacement', job_id: roofJobId, task_id: null, status: 'active', match_reason: 'Matched "roof" in title' });
    expect(job.excerpt).toContain('<b>Roof</b>');
    const task = body.results.find((r) => r.description?.includes('flashing'))!;
    expect(task).toMatchObject({ type: 'task', task_id: task.id, job_id: roofJobId, priority: 'high', match_reason: 'Matched "roof" in description' });
    expect(task.excerpt).toBe('Inspect the <b>roof</b> flashing near the chimney');
    for (const r of body.results) {
      expect(r.score).toBeGreaterThanOrEqual(0.75);
      expect(r.score).toBeLessThanOrEqual(1);
    }
    expect(body.results.some((r) => r.description?.includes('Eve'))).toBe(false);
  });

  it('finds a misspelled word by similarity ("plumbng" → plumbing)', async () => {
    const body = SearchResponseSchema.parse((await search('plumbng')).json());
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ type: 'task', status: 'in progress', match_reason: 'Similar to "plumbing"' });
    expect(body.results[0]!.excerpt).toContain('<b>plumbing</b>');
    expect(body.results[0]!.score).toBeGreaterThan(0);
    expect(body.results[0]!.score).toBeLessThan(0.8);
    expect(body.summary).toBe('Found 1 task matching "plumbng"');
  });

  it('learns the words of tasks created through the API (dictionary trigger) and finds them misspelled', async () => {
    const created = await ctx.app.inject({ method: 'POST', url: '/api/tasks', headers: alice.headers, payload: { description: 'Reglaze the clawfoot bathtub', job_id: roofJobId } });
    expect(created.statusCode).toBe(201);
    const body = SearchResponseSchema.parse((await search('clawfot')).json());
    expect(body.results.map((r) => r.id)).toEqual([created.json().id]);
    expect(body.results[0]!.match_reason).toBe('Similar to "clawfoot"');
    // Eve's workspace has no such task: the shared dictionary never leaks another workspace's rows.
    expect(SearchResponseSchema.parse((await search('clawfot', eve)).json()).results).toEqual([]);
  });

  it("explains a misspelled word's hit by the dictionary word it was found with, not a closer-looking word elsewhere", async () => {
    // The claim number is not in the dictionary: "gutttr" looks closer to "guttr" (trigrams 6/7) than "gutter" (4/9),
    // but the job was found through "gutter", the similar word the search ran with.
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, title: 'Gutter cleaning', claimNumber: 'GUTTTR-9' });
    const body = SearchResponseSchema.parse((await search('guttr')).json());
    const hit = body.results.find((r) => r.id === job.id)!;
    expect(hit).toMatchObject({ type: 'job', match_reason: 'Similar to "gutter"', excerpt: '<b>Gutter</b> cleaning' });
  });

  it('treats a query of stop words as matching nothing rather than everything', async () => {
    const body = SearchResponseSchema.parse((await search('the')).json());
    expect(body.results).toEqual([]);
  });

  it('escapes HTML in excerpts (only the highlight is markup)', async () => {
    const body = SearchResponseSchema.parse((await search('cabinets')).json());
    expect(body.results[0]!.excerpt).toBe('Paint &lt;b&gt;<b>cabinets</b>&lt;/b&gt; &amp; trim');
  });

  it('says when nothing matches', async () => {
    const body = SearchResponseSchema.parse((await search('zeppelin')).json());
    expect(body).toEqual({ success: true, results: [], summary: 'No results found for "zeppelin"' });
  });

  it('answers 400 naming `query` for a missing or blank query, 401 anonymous, 409 without a workspace', async () => {
    for (const url of ['/api/search', '/api/search?query=', '/api/search?query=%20%20']) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: alice.headers });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.details[0].field).toBe('query');
    }
    expect((await ctx.app.inject({ method: 'GET', url: '/api/search?query=roof' })).statusCode).toBe(401);
    const loner = await createTestUser(ctx, { workspaceId: null });
    expect((await search('roof', loner)).statusCode).toBe(409);
  });

  it('titles a job without a title by its cleaned client name: the caller’s contact for a phone, Unnamed Client for a file name', async () => {
    const ws = alice.workspaceId!;
    await insertContact(ctx.db, { ownerId: alice.id, name: 'Olga Owner', phoneNumber: '5127778888' });
    await insertJob(ctx.db, { workspaceId: ws, title: '', clientName: '(512) 777-8888', propertyAddress: '9 Quartzite Way' });
    await insertJob(ctx.db, { workspaceId: ws, title: '', clientName: 'quartzite_estimate.pdf', propertyAddress: '10 Quartzite Way' });
    await insertJob(ctx.db, { workspaceId: ws, title: '', clientName: 'Quartzite Contractors Inc', propertyAddress: '11 Quartzite Way' });
    const body = SearchResponseSchema.parse((await search('quartzite')).json());
    expect(body.results.map((r) => r.title).sort()).toEqual(['Olga Owner', 'Quartzite Contractors Inc', 'Unnamed Client']);
  });

  it('shows another workspace only its own rows', async () => {
    const body = SearchResponseSchema.parse((await search('roof', eve)).json());
    expect(body.results.map((r) => r.type).sort()).toEqual(['job', 'task']);
  });
});

describe('documents in search', () => {
  it('finds a document by a word of its extracted text, marks the word, and opens its job; other workspaces never see it', async () => {
    const { insertDocument } = await import('../../test/factories');
    const doc = await insertDocument(ctx.db, {
      workspaceId: alice.workspaceId!,
      jobId: roofJobId,
      name: 'Henderson adjuster letter.pdf',
      extractedText: 'The adjuster approved replacement of the skylight over the back bedroom. Claim CLM-88.',
    });
    await insertDocument(ctx.db, { workspaceId: eve.workspaceId!, name: 'Eve skylight.pdf', extractedText: 'skylight skylight' });
    await insertDocument(ctx.db, { workspaceId: alice.workspaceId!, name: 'in flight skylight.pdf', status: 'uploading', extractedText: 'skylight' });
    const res = await search('skylight');
    expect(res.statusCode, res.body).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    expect(body.results.map((r) => [r.type, r.id])).toEqual([['document', doc.id]]);
    expect(body.results[0]).toMatchObject({ title: 'Henderson adjuster letter.pdf', job_id: roofJobId, task_id: null, status: 'processed' });
    expect(body.results[0]!.excerpt).toContain('<b>skylight</b>');
    expect(body.results[0]!.match_reason).toBe('Matched "skylight" in text');
    expect(body.summary).toBe('Found 1 document matching "skylight"');
  });

  it('learns the words of a document’s text when extraction writes it, and finds them misspelled', async () => {
    const { insertDocument } = await import('../../test/factories');
    const { documents } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const doc = await insertDocument(ctx.db, { workspaceId: alice.workspaceId!, jobId: roofJobId, name: 'scan.pdf', status: 'processing', extractedText: null });
    expect(SearchResponseSchema.parse((await search('wetherstriping')).json()).results).toEqual([]);
    await ctx.db.update(documents).set({ extractedText: 'Replace the weatherstripping on both patio doors.', status: 'processed' }).where(eq(documents.id, doc.id));
    const body = SearchResponseSchema.parse((await search('wetherstriping')).json());
    expect(body.results.map((r) => [r.type, r.id])).toEqual([['document', doc.id]]);
    expect(body.results[0]!.match_reason).toBe('Similar to "weatherstripping"');
    expect(SearchResponseSchema.parse((await search('wetherstriping', eve)).json()).results).toEqual([]);
  });
});

describe('recordings in search', () => {
  it('finds a call by what was said, for its owner (and the admin), never for a colleague', async () => {
    const { recordings } = await import('../../db/schema');
    const colleague = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    const admin = await createTestUser(ctx, { workspaceId: alice.workspaceId, role: 'admin' });
    const [rec] = await ctx.db
      .insert(recordings)
      .values({
        workspaceId: alice.workspaceId!,
        userId: alice.id,
        fileName: 'incoming_20261124_153012_5125550100_u1.m4a',
        fileType: 'm4a',
        mimeType: 'audio/mp4',
        phoneNumber: '5125550100',
        status: 'stored',
        storageKey: 'recordings/x/y',
        transcriptionStatus: 'done',
        transcriptText: 'the leak is over the back bedroom near the gutters',
      })
      .returning();
    const body = SearchResponseSchema.parse((await search('gutters')).json());
    expect(body.results.filter((r) => r.type === 'recording').map((r) => r.id)).toEqual([rec!.id]);
    const hit = body.results.find((r) => r.type === 'recording')!;
    expect(hit).toMatchObject({ title: 'incoming_20261124_153012_5125550100_u1.m4a', status: 'done', job_id: null });
    expect(hit.excerpt).toContain('<b>gutters</b>');
    expect(body.summary).toContain('1 recording');
    expect(SearchResponseSchema.parse((await search('gutters', colleague)).json()).results.filter((r) => r.type === 'recording')).toEqual([]);
    expect(SearchResponseSchema.parse((await search('gutters', admin)).json()).results.filter((r) => r.type === 'recording')).toHaveLength(1);
  });

  it('learns the words of a transcript when transcription writes it, and finds them misspelled', async () => {
    const { recordings } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    const [rec] = await ctx.db
      .insert(recordings)
      .values({ workspaceId: alice.workspaceId!, userId: alice.id, fileName: 'call.m4a', fileType: 'm4a', mimeType: 'audio/mp4', status: 'stored', storageKey: 'recordings/x/z' })
      .returning();
    await ctx.db.update(recordings).set({ transcriptionStatus: 'done', transcriptText: 'the downspout by the garage pulled loose' }).where(eq(recordings.id, rec!.id));
    const body = SearchResponseSchema.parse((await search('downspuot')).json());
    expect(body.results.map((r) => [r.type, r.id])).toEqual([['recording', rec!.id]]);
    expect(body.results[0]!.match_reason).toBe('Similar to "downspout"');
  });
});

describe('a word in very many rows', () => {
  /**
   * `rows` tasks in the user's own workspace, row i created i minutes ago, described by `describe(i)`; written oldest
   * first, as a workspace's rows are, so the GIN index's rows come out oldest first and only the walk finds the newest.
   */
  async function fillTasks(user: TestUser, rows: number, describe: string) {
    const { sql } = await import('drizzle-orm');
    const job = await insertJob(ctx.db, { workspaceId: user.workspaceId!, title: 'Patio' });
    await ctx.db.execute(sql`
      INSERT INTO tasks (workspace_id, job_id, description, created_at)
      SELECT ${user.workspaceId}, ${job.id}, ${sql.raw(describe)}, now() - make_interval(mins => i) FROM generate_series(${rows}, 1, -1) AS i`);
  }
  const numbersOf = (results: Array<{ description?: string | null }>, word: string) =>
    results.map((r) => Number(new RegExp(`${word} (\\d+)`, 'i').exec(r.description ?? '')?.[1]));

  it('counts up to the cap ("200+") and ranks the newest matches, from this workspace only', async () => {
    const { sql } = await import('drizzle-orm');
    // 6,000 tasks, one in five about caulk (1,200 matches): common in the newest rows, so found by the date walk.
    await ctx.db.execute(sql`
      INSERT INTO tasks (workspace_id, job_id, description, created_at)
      SELECT ${alice.workspaceId}, ${roofJobId}, CASE WHEN i % 5 = 0 THEN 'Caulk window ' || i ELSE 'Sweep the deck ' || i END,
             now() - make_interval(mins => i)
        FROM generate_series(6000, 1, -1) AS i`);
    const res = await search('caulk');
    expect(res.statusCode, res.body).toBe(200);
    const body = SearchResponseSchema.parse(res.json());
    expect(body.summary).toBe(`Found ${CANDIDATES}+ tasks matching "caulk"`);
    expect(body.results).toHaveLength(20);
    // Candidates are the newest 200 matches (i = 5 … 1000): ranked among them, never an old one.
    const numbers = numbersOf(body.results, 'Caulk window');
    expect(numbers.every((n) => n % 5 === 0 && n <= 1000)).toBe(true);
    expect(SearchResponseSchema.parse((await search('caulk', eve)).json()).results).toEqual([]);
  });

  it('a word common lately but rare overall: counted exactly, every match a candidate', async () => {
    const bob = await createTestUser(ctx);
    // 30 in the newest 300 rows (the probe sees 20 of its 200), none in the 2,000 before.
    await fillTasks(bob, 2300, `CASE WHEN i <= 300 AND i % 10 = 0 THEN 'Grout tile ' || i ELSE 'Sweep the deck ' || i END`);
    const body = SearchResponseSchema.parse((await search('grout', bob)).json());
    expect(body.summary).toBe('Found 30 tasks matching "grout"');
    expect(body.results).toHaveLength(20);
    expect(numbersOf(body.results, 'Grout tile').every((n) => n % 10 === 0 && n <= 300)).toBe(true);
  });

  it('a word common lately and long ago, rare between: "200+", ranked among the newest', async () => {
    const carol = await createTestUser(ctx);
    // 30 in the newest 300 rows; none in the next 5,000 (so the walk's window holds only those 30); 300 older ones.
    await fillTasks(carol, 5600, `CASE WHEN (i <= 300 AND i % 10 = 0) OR i > 5300 THEN 'Grout tile ' || i ELSE 'Sweep the deck ' || i END`);
    const body = SearchResponseSchema.parse((await search('grout', carol)).json());
    expect(body.summary).toBe(`Found ${CANDIDATES}+ tasks matching "grout"`);
    expect(numbersOf(body.results, 'Grout tile').every((n) => n % 10 === 0 && n <= 300)).toBe(true);
  });

  it('a word rare lately but common before: "200+", the newest 50 of them ranked', async () => {
    const dan = await createTestUser(ctx);
    // None in the newest 1,000 rows (the probe sees none), every row of the 1,000 before.
    await fillTasks(dan, 2000, `CASE WHEN i > 1000 THEN 'Mortar joint ' || i ELSE 'Sweep the deck ' || i END`);
    const body = SearchResponseSchema.parse((await search('mortar', dan)).json());
    expect(body.summary).toBe(`Found ${CANDIDATES}+ tasks matching "mortar"`);
    expect(body.results).toHaveLength(20);
    expect(numbersOf(body.results, 'Mortar joint').every((n) => n > 1000 && n <= 1000 + OLD_CANDIDATES)).toBe(true);
  });
});
