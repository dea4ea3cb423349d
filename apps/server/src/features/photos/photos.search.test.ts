import { AssistantAnswerSchema, PhotoSchema, SearchResponseSchema } from '@fieldbook/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJob, insertTask } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { jpegWithExif } from './photos.test-helpers';

let ctx: TestContext;
let crew: TestUser;
let stranger: TestUser; // another workspace
let jobId: string;
let photoId: string;

beforeAll(async () => {
  ctx = await createTestApp();
  crew = await createTestUser(ctx, { email: 'crew-photo-search@example.com' });
  stranger = await createTestUser(ctx);
  jobId = (await insertJob(ctx.db, { workspaceId: crew.workspaceId!, title: 'Lopez roof' })).id;
  const body = multipartBody({ fields: { job_id: jobId, stage: 'issue', caption: 'Hail bruising on the ridge cap, north slope' }, file: { name: 'ridge.jpg', bytes: await jpegWithExif({ taken: '2026:04:02 10:15:00', offset: '-05:00' }) } });
  const res = await ctx.app.inject({ method: 'POST', url: '/api/photos', payload: body.payload, headers: { ...body.headers, ...crew.headers } });
  photoId = PhotoSchema.parse(res.json()).id;
}, 60_000);
afterAll(() => ctx.close());

const search = async (user: TestUser, query: string) =>
  SearchResponseSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/search?query=${encodeURIComponent(query)}`, headers: user.headers })).json());

describe('captions in the global search and the assistant', () => {
  it('the global search finds a photo by its caption as an "other" hit that opens its job; another workspace does not', async () => {
    const found = await search(crew, 'bruising');
    expect(found.results).toEqual([
      expect.objectContaining({ id: photoId, type: 'other', title: 'Photo: Hail bruising on the ridge cap, north slope', job_id: jobId, status: 'issue', excerpt: expect.stringContaining('<b>bruising</b>') }),
    ]);
    expect(found.summary).toBe('Found 1 photo matching "bruising"');
    expect((await search(stranger, 'bruising')).results).toEqual([]);
  });

  it('the caption changed is found by its new words', async () => {
    await ctx.app.inject({ method: 'PATCH', url: `/api/photos/${photoId}`, headers: crew.headers, payload: { caption: 'Hail bruising and a cracked skylight' } });
    expect((await search(crew, 'skylight')).results.map((r) => r.id)).toEqual([photoId]);
  });

  it('the assistant cites the photo as a source with its caption, stage and a link to it on its job', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/assistant/query', headers: crew.headers, payload: { workspace_id: crew.workspaceId, include_sources: true, query: 'Where was the cracked skylight?' } });
    expect(res.statusCode, res.body).toBe(200);
    const answer = AssistantAnswerSchema.parse(res.json());
    const source = answer.sources.find((s) => s.type === 'photo');
    expect(source).toMatchObject({ content: expect.stringContaining('cracked skylight'), metadata: { id: photoId, stage: 'issue', job_id: jobId, url: `/jobs/${jobId}?photo=${photoId}` } });
    expect(source!.content).toContain('Taken: 2026-04-02 15:15 UTC');
    const other = await ctx.app.inject({ method: 'POST', url: '/api/assistant/query', headers: stranger.headers, payload: { workspace_id: stranger.workspaceId, include_sources: true, query: 'Where was the cracked skylight?' } });
    expect(AssistantAnswerSchema.parse(other.json()).sources.filter((s) => s.type === 'photo')).toEqual([]);
  });

  it('a task and a photo of the same words score alike and list in the kinds\' order, the task first', async () => {
    // Tasks and photos are read by different statements side by side (search.service.ts KIND_GROUPS): equal scores
    // must still come out in one order (jobs, tasks, documents, calls, photos), whichever statement holds them.
    const task = await insertTask(ctx.db, { workspaceId: crew.workspaceId!, jobId, description: 'Hail bruising and a cracked skylight' });
    const found = await search(crew, 'skylight');
    expect(found.results.map((r) => r.id)).toEqual([task.id, photoId]);
    expect(found.results[0]!.score).toBe(found.results[1]!.score);
  });
});
