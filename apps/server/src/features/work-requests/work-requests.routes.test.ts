import {
  ContactSchema,
  ConvertWorkRequestResultSchema,
  JobSchema,
  NotificationListSchema,
  PhotoListSchema,
  PublicWorkRequestFormSchema,
  WORK_REQUEST_MAX_PHOTOS,
  WORK_REQUEST_POW_USED,
  WorkRequestChallengeSchema,
  WorkRequestDetailSchema,
  WorkRequestLinkSchema,
  WorkRequestListSchema,
  WorkRequestReceiptSchema,
  WorkRequestSchema,
} from '@fieldbook/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, jobs, outboxMessages, photos, workRequestPhotos, workRequests } from '../../db/schema';
import { insertContact } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { solveChallenge } from './proof-of-work';
import { createRateLimiter } from '../../platform/rate-limit';
import { WORK_REQUEST_LIMITS } from './work-requests.routes';

let ctx: TestContext;
let alice: TestUser; // owner (admin) of Ridge Line Roofing
let bob: TestUser; // a member of alice's workspace
let eve: TestUser; // another workspace
let nomad: TestUser; // signed in, no workspace

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const form = { what: 'Leak over the kitchen\nstarted after the storm', address: '12 Elm St, Springfield', preferred_times: 'Weekday mornings', name: 'Maria Garcia', phone: '(555) 201-3344', email: 'Maria@example.com' };

let ipSeq = 0;
/** A fresh client address: each test's sends stay within its own per-address allowance. */
const nextIp = () => `198.51.100.${++ipSeq}`;

const get = (user: TestUser | null, url: string) => ctx.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const post = (user: TestUser | null, url: string, payload: object = {}) => ctx.app.inject({ method: 'POST', url, headers: user?.headers ?? {}, payload });

async function linkOf(user: TestUser) {
  const res = await get(user, '/api/work-request-link');
  expect(res.statusCode, res.body).toBe(200);
  const link = WorkRequestLinkSchema.parse(res.json());
  return { ...link, token: link.url.split('/r/')[1]! };
}

async function challenge(token: string, ip: string) {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${token}/challenge`, remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  return WorkRequestChallengeSchema.parse(res.json());
}

/** The browser's way: a challenge, its nonce, then the form. */
async function send(token: string, overrides: Record<string, unknown> = {}, ip = nextIp()) {
  const c = await challenge(token, ip);
  const payload = { ...form, challenge: c.challenge, nonce: solveChallenge(c.challenge, c.difficulty), ...overrides };
  return ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${token}`, payload, remoteAddress: ip });
}

const requestsOf = async (workspaceId: string) => (await ctx.db.select({ n: count() }).from(workRequests).where(eq(workRequests.workspaceId, workspaceId)))[0]!.n;
const outboxCount = async () => (await ctx.db.select({ n: count() }).from(outboxMessages))[0]!.n;

async function listOf(user: TestUser, status = 'new') {
  const res = await get(user, `/api/work-requests?status=${status}`);
  expect(res.statusCode, res.body).toBe(200);
  return WorkRequestListSchema.parse(res.json());
}

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
  eve = await createTestUser(ctx, { workspaceName: 'Other Co' });
  nomad = await createTestUser(ctx, { workspaceId: null });
});
afterAll(() => ctx.close());

describe('the workspace’s Request work link', () => {
  it('is one link per workspace with its HTML snippet; members see it, only admins reset it; signed-out 401, no workspace 409', async () => {
    const a = await linkOf(alice);
    expect(a.url).toMatch(/^http:\/\/localhost:3000\/r\/[A-Za-z0-9_-]{32}$/);
    expect(a.snippet).toBe(`<a href="${a.url}" target="_blank" rel="noopener">Request work</a>`);
    expect(a.can_reset).toBe(true);
    const b = await linkOf(bob);
    expect(b.url).toBe(a.url);
    expect(b.can_reset).toBe(false);
    expect((await post(bob, '/api/work-request-link/reset')).statusCode).toBe(403);
    expect((await linkOf(alice)).url).toBe(a.url);
    expect((await linkOf(eve)).url).not.toBe(a.url);
    expect((await get(null, '/api/work-request-link')).statusCode).toBe(401);
    expect((await get(nomad, '/api/work-request-link')).statusCode).toBe(409);
  });

  it('the public page names the company; an unknown token is 404', async () => {
    const { token } = await linkOf(alice);
    const res = await get(null, `/api/public/work-requests/${token}`);
    expect(res.statusCode).toBe(200);
    expect(PublicWorkRequestFormSchema.parse(res.json())).toEqual({ company: 'Ridge Line Roofing' });
    expect((await get(null, '/api/public/work-requests/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await get(null, '/api/public/work-requests/x')).statusCode).toBe(404);
  });
});

describe('sending the public form', () => {
  it('stores the request, tells the office on the bell (admins), and sends nothing to the addresses typed in', async () => {
    const { token } = await linkOf(alice);
    const outboxBefore = await outboxCount();
    const res = await send(token);
    expect(res.statusCode, res.body).toBe(201);
    const receipt = WorkRequestReceiptSchema.parse(res.json());
    expect(receipt.max_photos).toBe(WORK_REQUEST_MAX_PHOTOS);

    const list = await listOf(alice);
    const mine = list.requests.find((r) => r.what === form.what)!;
    expect(mine).toMatchObject({ status: 'new', source: 'link', address: form.address, preferred_times: form.preferred_times, name: 'Maria Garcia', phone: '5552013344', email: 'maria@example.com', job_id: null });
    expect(list.new_count).toBeGreaterThanOrEqual(1);
    // Every member sees the list; only the admins are told.
    expect((await listOf(bob)).requests.map((r) => r.id)).toContain(mine.id);
    const bell = NotificationListSchema.parse((await get(alice, '/api/my-notifications')).json());
    expect(bell.notifications[0]).toMatchObject({ kind: 'work_request_received', title: 'New work request from Maria Garcia', link: `/requests/${mine.id}` });
    expect(NotificationListSchema.parse((await get(bob, '/api/my-notifications')).json()).notifications).toEqual([]);
    expect(await outboxCount()).toBe(outboxBefore);
  });

  it('a filled honeypot is answered like a success (a bot learns nothing) and stores nothing; its photo token opens nothing', async () => {
    const { token } = await linkOf(alice);
    const before = await requestsOf(alice.workspaceId!);
    const res = await send(token, { website: 'http://spam.example' });
    expect(res.statusCode).toBe(201);
    const receipt = WorkRequestReceiptSchema.parse(res.json());
    expect(await requestsOf(alice.workspaceId!)).toBe(before);
    const photo = multipartBody({ file: { name: 'a.png', bytes: PNG, type: 'image/png' } });
    const up = await ctx.app.inject({ method: 'POST', url: `/api/public/work-request-photos/${receipt.photo_token}`, ...photo });
    expect(up.statusCode).toBe(404);
  });

  it('without a proof of work, with a wrong nonce, a forged or another workspace’s challenge: 400, nothing stored', async () => {
    const { token } = await linkOf(alice);
    const other = await linkOf(eve);
    const before = await requestsOf(alice.workspaceId!);
    const ip = nextIp();
    const submit = (payload: object) => ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${token}`, payload, remoteAddress: ip });
    expect((await submit(form)).statusCode).toBe(400);
    const c = await challenge(token, ip);
    // A nonce that does not reach the difficulty (the search's answer is the first that does).
    const good = solveChallenge(c.challenge, c.difficulty);
    const wrong = good === '0' ? '1' : '0';
    expect((await submit({ ...form, challenge: c.challenge, nonce: wrong })).statusCode).toBe(400);
    const forged = c.challenge.replace(/\.[0-9a-f]{32}\./, `.${'0'.repeat(32)}.`);
    expect((await submit({ ...form, challenge: forged, nonce: solveChallenge(forged, c.difficulty) })).statusCode).toBe(400);
    const easier = c.challenge.replace(/\.16\./, '.1.');
    expect((await submit({ ...form, challenge: easier, nonce: solveChallenge(easier, 1) })).statusCode).toBe(400);
    const theirs = await challenge(other.token, ip);
    expect((await submit({ ...form, challenge: theirs.challenge, nonce: solveChallenge(theirs.challenge, theirs.difficulty) })).statusCode).toBe(400);
    expect(await requestsOf(alice.workspaceId!)).toBe(before);
  });

  it('a challenge is accepted once: sent again it is refused (409) and one request is stored', async () => {
    const { token } = await linkOf(alice);
    const ip = nextIp();
    const c = await challenge(token, ip);
    const payload = { ...form, what: 'Gutter repair', challenge: c.challenge, nonce: solveChallenge(c.challenge, c.difficulty) };
    const first = await ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${token}`, payload, remoteAddress: ip });
    expect(first.statusCode).toBe(201);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${token}`, payload, remoteAddress: ip });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(WORK_REQUEST_POW_USED);
    expect((await listOf(alice)).requests.filter((r) => r.what === 'Gutter repair')).toHaveLength(1);
  });

  it('bad fields: 400 naming them, nothing stored', async () => {
    const { token } = await linkOf(alice);
    const before = await requestsOf(alice.workspaceId!);
    const res = await send(token, { what: '', phone: '123', email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const fields = (res.json().error.details as { field: string }[]).map((d) => d.field).sort();
    expect(fields).toEqual(['email', 'phone', 'what']);
    expect(await requestsOf(alice.workspaceId!)).toBe(before);
  });

  it('per address: after its sends an hour, the next is 429 before any work, even with a valid proof', async () => {
    const { token } = await linkOf(alice);
    const ip = nextIp();
    for (let i = 0; i < WORK_REQUEST_LIMITS.sendsPerAddress.limit; i++) expect((await send(token, { what: `Job ${i}` }, ip)).statusCode).toBe(201);
    const res = await send(token, { what: 'One too many' }, ip);
    expect(res.statusCode).toBe(429);
    expect(res.headers['retry-after']).toBeDefined();
    // Another address is not affected.
    expect((await send(token, { what: 'From next door' })).statusCode).toBe(201);
  });

  it('per link: sends from any address count against the workspace’s link; past its limit the next is 429, other links are not affected', async () => {
    const carol = await createTestUser(ctx, { workspaceName: 'Busy Co' });
    const { token } = await linkOf(carol);
    // Three real sends from three addresses, each counted against the link …
    for (let i = 0; i < 3; i++) expect((await send(token, { what: `Request ${i}` })).statusCode).toBe(201);
    const { limit, windowMs } = WORK_REQUEST_LIMITS.sendsPerLink;
    const counter = createRateLimiter({ db: ctx.db, name: 'work-request-link', limit, windowMs, now: () => new Date() });
    // … so the window has room for exactly limit - 3 more (the rest spent here instead of by that many solved sends).
    expect((await counter.hit(carol.workspaceId!, limit - 3)).allowed).toBe(true);
    expect((await counter.check(carol.workspaceId!)).allowed).toBe(false);
    const res = await send(token, { what: 'Over the link’s limit' });
    expect(res.statusCode).toBe(429);
    expect(await requestsOf(carol.workspaceId!)).toBe(3);
    expect((await send((await linkOf(alice)).token, { what: 'Still open here' })).statusCode).toBe(201);
  });

  it('a reset link: the old token opens nothing (page, challenge, send), the new one works', async () => {
    const dan = await createTestUser(ctx, { workspaceName: 'Reset Co' });
    const old = await linkOf(dan);
    const ip = nextIp();
    const oldChallenge = await challenge(old.token, ip);
    const reset = await post(dan, '/api/work-request-link/reset');
    expect(reset.statusCode).toBe(200);
    const fresh = WorkRequestLinkSchema.parse(reset.json());
    expect(fresh.url).not.toBe(old.url);
    expect((await linkOf(dan)).url).toBe(fresh.url);
    expect((await get(null, `/api/public/work-requests/${old.token}`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${old.token}/challenge`, remoteAddress: ip })).statusCode).toBe(404);
    const payload = { ...form, challenge: oldChallenge.challenge, nonce: solveChallenge(oldChallenge.challenge, oldChallenge.difficulty) };
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/work-requests/${old.token}`, payload, remoteAddress: ip })).statusCode).toBe(404);
    expect(await requestsOf(dan.workspaceId!)).toBe(0);
    expect((await send(fresh.url.split('/r/')[1]!)).statusCode).toBe(201);
    expect(await requestsOf(dan.workspaceId!)).toBe(1);
  });
});

describe('photos on a request', () => {
  it('go through the upload path by the send’s token: images only, at most the maximum; the office sees them by signed links', async () => {
    const { token } = await linkOf(alice);
    const receipt = WorkRequestReceiptSchema.parse((await send(token, { what: 'Cracked window' })).json());
    const url = `/api/public/work-request-photos/${receipt.photo_token}`;
    const upload = (bytes: Buffer, name = 'p.png') => ctx.app.inject({ method: 'POST', url, ...multipartBody({ file: { name, bytes, type: 'image/png' } }) });
    const program = await upload(Buffer.from('MZ\x90\x00 this is a program'), 'evil.png');
    expect(program.statusCode).toBe(415);
    for (let i = 0; i < WORK_REQUEST_MAX_PHOTOS; i++) expect((await upload(PNG)).statusCode).toBe(201);
    const over = await upload(PNG);
    expect(over.statusCode).toBe(409);
    const rows = await ctx.db.select().from(workRequestPhotos);
    expect(rows.filter((r) => r.status === 'ready')).toHaveLength(WORK_REQUEST_MAX_PHOTOS);
    expect(rows.filter((r) => r.status === 'uploading')).toHaveLength(0);

    const id = (await listOf(alice)).requests.find((r) => r.what === 'Cracked window')!.id;
    const detail = WorkRequestDetailSchema.parse((await get(alice, `/api/work-requests/${id}`)).json());
    expect(detail.photo_count).toBe(WORK_REQUEST_MAX_PHOTOS);
    const image = await get(null, detail.photos[0]!.url);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);
    expect((await get(null, `${detail.photos[0]!.url.slice(0, -3)}AAA`)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/public/work-request-photos/forged', ...multipartBody({ file: { name: 'p.png', bytes: PNG } }) })).statusCode).toBe(404);
  });
});

describe('the office: list, detail, Create job, Decline', () => {
  async function newRequest(what: string, extra: Record<string, unknown> = {}) {
    expect((await send((await linkOf(alice)).token, { what, ...extra })).statusCode).toBe(201);
    return (await listOf(alice)).requests.find((r) => r.what === what)!.id;
  }

  it('another workspace’s request is 404 everywhere; signed-out 401; no workspace 409', async () => {
    const id = await newRequest('Private to Ridge Line');
    expect((await get(eve, `/api/work-requests/${id}`)).statusCode).toBe(404);
    expect((await post(eve, `/api/work-requests/${id}/convert`)).statusCode).toBe(404);
    expect((await post(eve, `/api/work-requests/${id}/decline`)).statusCode).toBe(404);
    expect((await listOf(eve)).requests.map((r) => r.id)).not.toContain(id);
    expect((await get(null, `/api/work-requests/${id}`)).statusCode).toBe(401);
    expect((await get(null, '/api/work-requests')).statusCode).toBe(401);
    expect((await get(nomad, '/api/work-requests')).statusCode).toBe(409);
    expect(WorkRequestSchema.parse((await get(alice, `/api/work-requests/${id}`)).json()).status).toBe('new');
  });

  it('Create job makes the job and the contact once; a second click answers the same job; the request is converted', async () => {
    const id = await newRequest('New deck', { name: 'Sam Lee', phone: '555-777-1234', email: 'sam@example.com' });
    const jobsBefore = (await ctx.db.select({ n: count() }).from(jobs))[0]!.n;
    const first = await post(bob, `/api/work-requests/${id}/convert`);
    expect(first.statusCode, first.body).toBe(200);
    const result = ConvertWorkRequestResultSchema.parse(first.json());
    expect(result.contact_created).toBe(true);
    expect(result.request).toMatchObject({ status: 'converted', job_id: result.job_id, contact_id: result.contact_id });
    const job = JobSchema.parse((await get(bob, `/api/jobs/${result.job_id}`)).json());
    expect(job).toMatchObject({ client_name: 'Sam Lee', property_address: form.address, title: 'New deck' });
    const contact = ContactSchema.parse((await get(bob, `/api/contacts/${result.contact_id}`)).json());
    expect(contact).toMatchObject({ name: 'Sam Lee', phone_number: '5557771234', email: 'sam@example.com', owner_id: bob.id });

    const [again, third] = await Promise.all([post(bob, `/api/work-requests/${id}/convert`), post(alice, `/api/work-requests/${id}/convert`)]);
    for (const res of [again, third]) {
      expect(res.statusCode).toBe(200);
      expect(ConvertWorkRequestResultSchema.parse(res.json())).toMatchObject({ job_id: result.job_id, contact_id: result.contact_id, contact_created: false });
    }
    expect((await ctx.db.select({ n: count() }).from(jobs))[0]!.n).toBe(jobsBefore + 1);
    expect((await ctx.db.select({ n: count() }).from(contacts).where(eq(contacts.phoneNumber, '5557771234')))[0]!.n).toBe(1);
    expect((await listOf(alice, 'converted')).requests.map((r) => r.id)).toContain(id);
    expect((await listOf(alice)).requests.map((r) => r.id)).not.toContain(id);
    expect((await post(alice, `/api/work-requests/${id}/decline`)).statusCode).toBe(409);
  });

  it('Create job puts the photos the client sent on the job’s Photos (the request keeps its own); once, a repeat completes a cut-off one, a deleted one stays deleted, one sent after goes on too', async () => {
    const receipt = WorkRequestReceiptSchema.parse((await send((await linkOf(alice)).token, { what: 'Hail damage on the porch roof' })).json());
    const upload = () => ctx.app.inject({ method: 'POST', url: `/api/public/work-request-photos/${receipt.photo_token}`, ...multipartBody({ file: { name: 'p.png', bytes: PNG, type: 'image/png' } }) });
    for (let i = 0; i < 2; i++) expect((await upload()).statusCode).toBe(201);
    const id = (await listOf(alice)).requests.find((r) => r.what === 'Hail damage on the porch roof')!.id;

    const converted = ConvertWorkRequestResultSchema.parse((await post(bob, `/api/work-requests/${id}/convert`)).json());
    expect(converted.photos_on_job).toBe(2);
    const jobPhotos = async () => {
      const res = await get(bob, `/api/jobs/${converted.job_id}/photos`);
      expect(res.statusCode, res.body).toBe(200);
      return PhotoListSchema.parse(res.json()).photos;
    };
    const onJob = await jobPhotos();
    expect(onJob).toHaveLength(2);
    for (const p of onJob) {
      expect(p).toMatchObject({ job_id: converted.job_id, stage: 'before', tags: ['work request'], author: { id: bob.id }, content_type: 'image/png', byte_size: PNG.length, status: 'processing' });
      const original = await get(bob, `/api/photos/${p.id}/original`);
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.equals(PNG)).toBe(true);
    }
    // The photos are copies: the request's own stay, and another workspace sees none of them.
    const detail = WorkRequestDetailSchema.parse((await get(alice, `/api/work-requests/${id}`)).json());
    expect(detail.photos).toHaveLength(2);
    expect((await get(null, detail.photos[0]!.url)).rawPayload.equals(PNG)).toBe(true);
    expect((await get(eve, `/api/photos/${onJob[0]!.id}`)).statusCode).toBe(404);

    // A repeat adds nothing; a photo whose file a crash left unwritten is completed by it; one deleted stays deleted.
    const [cut, removed] = onJob;
    await ctx.db.update(photos).set({ status: 'uploading' }).where(eq(photos.id, cut!.id));
    await ctx.blobs.delete(`photos/${alice.workspaceId}/${cut!.id}`);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/photos/${removed!.id}`, headers: bob.headers })).statusCode).toBe(200);
    const again = ConvertWorkRequestResultSchema.parse((await post(alice, `/api/work-requests/${id}/convert`)).json());
    expect(again).toMatchObject({ job_id: converted.job_id, photos_on_job: 1 });
    expect((await jobPhotos()).map((p) => p.id)).toEqual([cut!.id]);
    expect((await get(bob, `/api/photos/${cut!.id}/original`)).rawPayload.equals(PNG)).toBe(true);

    // The client's form sends its photos after the request: one that arrives once the job is made goes on it too.
    expect((await upload()).statusCode).toBe(201);
    expect((await jobPhotos()).map((p) => p.id)).toHaveLength(2);
    expect((await ctx.db.select({ n: count() }).from(photos).where(eq(photos.jobId, converted.job_id)))[0]!.n).toBe(2);
  });

  it('an existing contact is matched by phone, or else by email, not made again', async () => {
    const byPhone = await insertContact(ctx.db, { ownerId: alice.id, name: 'Known by phone', phoneNumber: '5550001111' });
    const byEmail = await insertContact(ctx.db, { ownerId: alice.id, name: 'Known by email', phoneNumber: '5550002222', email: 'known@example.com' });
    const a = ConvertWorkRequestResultSchema.parse((await post(alice, `/api/work-requests/${await newRequest('Phone match', { phone: '(555) 000-1111', email: '' })}/convert`)).json());
    expect(a).toMatchObject({ contact_id: byPhone.id, contact_created: false });
    const b = ConvertWorkRequestResultSchema.parse((await post(alice, `/api/work-requests/${await newRequest('Email match', { phone: '555 000 9999', email: 'KNOWN@example.com' })}/convert`)).json());
    expect(b).toMatchObject({ contact_id: byEmail.id, contact_created: false });
  });

  it('Decline: the request is declined (again: the same); it cannot be turned into a job then', async () => {
    const id = await newRequest('Not our kind of work');
    const res = await post(alice, `/api/work-requests/${id}/decline`);
    expect(res.statusCode).toBe(200);
    expect(WorkRequestSchema.parse(res.json())).toMatchObject({ status: 'declined', job_id: null });
    expect((await post(alice, `/api/work-requests/${id}/decline`)).statusCode).toBe(200);
    expect((await post(alice, `/api/work-requests/${id}/convert`)).statusCode).toBe(409);
    expect((await listOf(alice, 'declined')).requests.map((r) => r.id)).toContain(id);
  });
});

describe('from the client hub', () => {
  it('the hub’s link names the contact: stored with them, the office told; Create job uses that contact; a revoked or forged link is refused', async () => {
    const client = await insertContact(ctx.db, { ownerId: alice.id, name: 'Hub Client', phoneNumber: '5554440000', email: 'hub@example.com' });
    const link = (await get(alice, `/api/contacts/${client.id}/hub`)).json().link as string;
    const token = link.slice(link.lastIndexOf('/') + 1);
    const body = { what: 'Another room painted', address: '9 Pine Rd', preferred_times: 'Saturdays' };
    const res = await ctx.app.inject({ method: 'POST', url: `/api/public/hub/${token}/work-requests`, payload: body, remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(201);
    WorkRequestReceiptSchema.parse(res.json());
    const stored = (await listOf(alice)).requests.find((r) => r.what === 'Another room painted')!;
    expect(stored).toMatchObject({ source: 'hub', name: 'Hub Client', phone: '5554440000', email: 'hub@example.com', contact_id: client.id, address: '9 Pine Rd' });
    const bell = NotificationListSchema.parse((await get(alice, '/api/my-notifications')).json());
    expect(bell.notifications.some((n) => n.link === `/requests/${stored.id}`)).toBe(true);
    const converted = ConvertWorkRequestResultSchema.parse((await post(alice, `/api/work-requests/${stored.id}/convert`)).json());
    expect(converted).toMatchObject({ contact_id: client.id, contact_created: false });

    // Another workspace's member cannot see it; a forged link and a revoked one send nothing.
    expect((await get(eve, `/api/work-requests/${stored.id}`)).statusCode).toBe(404);
    const forged = `${token.slice(0, -4)}AAAA`;
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/hub/${forged}/work-requests`, payload: body, remoteAddress: nextIp() })).statusCode).toBe(404);
    expect((await post(alice, `/api/contacts/${client.id}/hub/revoke`)).statusCode).toBe(200);
    const before = await requestsOf(alice.workspaceId!);
    const revoked = await ctx.app.inject({ method: 'POST', url: `/api/public/hub/${token}/work-requests`, payload: body, remoteAddress: nextIp() });
    expect(revoked.statusCode).toBe(410);
    expect(await requestsOf(alice.workspaceId!)).toBe(before);
  });
});
