import { GeneratedDocumentSchema } from '@fieldbook/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, invitations, outboxMessages, recordings } from '../../db/schema';
import { insertContact, insertGroup, insertJob } from '../../test/factories';
import { multipartBody } from '../../test/multipart';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';

/**
 * Issue 22 item 5: 150 uploads in 1.5 s and 40 SMS with chosen text to one number went through. Per-user limits
 * (UPLOAD_RATE_LIMIT a minute, SEND_RATE_LIMIT messages an hour, INVITE_RATE_LIMIT invitations an hour), kept in
 * PostgreSQL; over them: 429 RATE_LIMITED with Retry-After, and nothing written or sent.
 */
let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // same workspace, his own counters
// A clock standing still: no window ends in the middle of a test.
const now = new Date();
beforeAll(async () => {
  ctx = await createTestApp({ UPLOAD_RATE_LIMIT: '3', SEND_RATE_LIMIT: '4', INVITE_RATE_LIMIT: '3' }, { now: () => now });
  alice = await createTestUser(ctx, { workspaceName: 'Ridge Line Roofing' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId });
});
afterAll(() => ctx.close());

/** A short silent 8 kHz mono WAV (recognised as audio by its bytes). */
function silentWav(samples = 1600): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0);
  header.writeUInt32LE(36 + samples * 2, 4);
  header.write('WAVEfmt ', 8);
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(8000, 24);
  header.writeUInt32LE(16000, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36);
  header.writeUInt32LE(samples * 2, 40);
  return Buffer.concat([header, Buffer.alloc(samples * 2)]);
}

const uploadDocument = (user: TestUser, i: number) => {
  const body = multipartBody({ file: { name: `note-${i}.txt`, bytes: Buffer.from(`Site note ${i}: gutters cleared.`) } });
  return ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...user.headers } });
};
const uploadRecording = (user: TestUser, key: string) => {
  const body = multipartBody({ fields: { upload_key: key }, file: { name: 'call.wav', bytes: silentWav() } });
  return ctx.app.inject({ method: 'POST', url: '/api/recordings', payload: body.payload, headers: { ...body.headers, ...user.headers } });
};
const countOf = async (table: typeof documents | typeof recordings) => (await ctx.db.select({ n: count() }).from(table))[0]!.n;
const outboxCount = async () => (await ctx.db.select({ n: count() }).from(outboxMessages))[0]!.n;

function expectRateLimited(res: { statusCode: number; headers: Record<string, unknown>; json: () => { error: { code: string; message: string } } }, what: RegExp) {
  expect(res.statusCode).toBe(429);
  expect(res.json().error.code).toBe('RATE_LIMITED');
  expect(res.json().error.message).toMatch(what);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
}

describe('uploads per user', () => {
  it('takes UPLOAD_RATE_LIMIT uploads a minute, documents and recordings together; the next is 429 and stores nothing', async () => {
    expect((await uploadDocument(alice, 1)).statusCode).toBe(201);
    expect((await uploadDocument(alice, 2)).statusCode).toBe(201);
    expect((await uploadRecording(alice, 'limit-key-0001')).statusCode).toBe(201);
    const [docsBefore, callsBefore] = [await countOf(documents), await countOf(recordings)];

    const doc = await uploadDocument(alice, 3);
    expectRateLimited(doc, /^Too many uploads: at most 3 files a minute\. Try again in (\d+ seconds|1 minute)\.$/);
    expectRateLimited(await uploadRecording(alice, 'limit-key-0002'), /^Too many uploads/);
    expect([await countOf(documents), await countOf(recordings)]).toEqual([docsBefore, callsBefore]);

    // Another user of the same workspace has a count of their own.
    expect((await uploadDocument(bob, 4)).statusCode).toBe(201);
  });
});

describe('messages sent per user', () => {
  it('counts one per recipient across sending a document, sending a generated one and task summaries; over the limit nothing is sent', async () => {
    const carol = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', propertyAddress: '12 Oak Street' });
    const contacts = await Promise.all(
      ['5125550101', '5125550102', '5125550103'].map((phone, i) => insertContact(ctx.db, { ownerId: carol.id, name: `Crew ${i}`, phoneNumber: phone, email: `crew${i}@example.com` })),
    );
    const [c1, c2, c3] = contacts.map((c) => c.id) as [string, string, string];
    // Generating without sending spends nothing.
    const generatedOnly = await ctx.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/generate-document?doc_type=permit`, payload: {}, headers: carol.headers });
    expect(generatedOnly.statusCode).toBe(201);
    const document = GeneratedDocumentSchema.parse(generatedOnly.json()).document;
    const send = (recipients: string[]) =>
      ctx.app.inject({ method: 'POST', url: `/api/documents/${document.id}/send`, payload: { recipients, send_method: 'sms' }, headers: carol.headers });
    const notify = (recipients: string[]) =>
      ctx.app.inject({ method: 'POST', url: '/api/notifications', payload: { job_id: job.id, type: 'task_notification', recipients, method: 'sms', content: 'Crew arrives at 8am.' }, headers: carol.headers });

    expect((await send([c1, c2])).statusCode).toBe(200);
    expect((await notify([c3])).statusCode).toBe(200);
    const sent = await outboxCount();
    // 3 of 4 spent: two more recipients do not fit, and nothing of that request is sent.
    expectRateLimited(await send([c1, c2]), /^Too many messages sent: at most 4 emails or texts an hour\. Try again in \d+ minutes?\.$/);
    expectRateLimited(await notify([c1, c2]), /^Too many messages sent/);
    const generated = await ctx.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/generate-document?doc_type=invoice`, payload: { recipients: [c1, c2], send_method: 'email' }, headers: carol.headers });
    expectRateLimited(generated, /^Too many messages sent/);
    expect(await outboxCount()).toBe(sent);
    // One still fits.
    expect((await notify([c1])).statusCode).toBe(200);
    expect(await outboxCount()).toBe(sent + 1);
    // Spent: even a generation without sending still works, a send does not.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/jobs/${job.id}/generate-document?doc_type=invoice`, payload: {}, headers: carol.headers })).statusCode).toBe(201);
    expectRateLimited(await send([c1]), /^Too many messages sent/);
  });
});

describe('invitations per user', () => {
  it('texts INVITE_RATE_LIMIT invitations an hour, counted per contact; over it 429 and no invitation or SMS', async () => {
    const dana = await createTestUser(ctx, { workspaceId: alice.workspaceId });
    const group = await insertGroup(ctx.db, { workspaceId: alice.workspaceId!, createdBy: dana.id, name: 'Roof crew' });
    const contacts = await Promise.all(
      ['5125550201', '5125550202', '5125550203', '5125550204'].map((phone, i) => insertContact(ctx.db, { ownerId: dana.id, name: `Invitee ${i}`, phoneNumber: phone })),
    );
    const invite = (ids: string[]) => ctx.app.inject({ method: 'POST', url: `/api/groups/${group.id}/invitations`, payload: { contact_ids: ids }, headers: dana.headers });
    const invitationCount = async () => (await ctx.db.select({ n: count() }).from(invitations).where(and(eq(invitations.groupId, group.id))))[0]!.n;

    expect((await invite([contacts[0]!.id, contacts[1]!.id])).statusCode).toBe(201);
    const [invited, texts] = [await invitationCount(), await outboxCount()];
    expectRateLimited(await invite([contacts[2]!.id, contacts[3]!.id]), /^Too many invitations: at most 3 an hour\. Try again in \d+ minutes?\.$/);
    expect([await invitationCount(), await outboxCount()]).toEqual([invited, texts]);
    expect((await invite([contacts[2]!.id])).statusCode).toBe(201);
  });
});
