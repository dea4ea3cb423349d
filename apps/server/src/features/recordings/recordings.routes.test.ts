import { RecordingDetailSchema, RecordingListSchema, RecordingUsersSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupMembers, recordings } from '../../db/schema';
import { insertContact, insertGroup, insertRecordingsBulk } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { multipartBody } from '../../test/multipart';
import { wavTone } from './recordings.test-helpers';

let ctx: TestContext;
let alice: TestUser;
let bob: TestUser; // same workspace, another user
let admin: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx, { email: 'alice-rec@example.com' });
  bob = await createTestUser(ctx, { workspaceId: alice.workspaceId, email: 'bob-rec@example.com' });
  admin = await createTestUser(ctx, { role: 'admin', email: 'admin-rec@example.com' });
});
afterAll(() => ctx.close());

const upload = (user: TestUser | null, file: { name: string; bytes: Buffer }, fields?: Record<string, string>) => {
  const body = multipartBody({ file, ...(fields ? { fields } : {}) });
  return ctx.app.inject({ method: 'POST', url: '/api/recordings', payload: body.payload, headers: { ...body.headers, ...(user ? user.headers : {}) } });
};
const list = async (user: TestUser, q = '') => RecordingListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/recordings${q}`, headers: user.headers })).json());
const SPEC_NAME = (userId: string) => `incoming_20261124_153012_5125550100_${userId}.m4a`;

describe('upload', () => {
  it('stores a call recognised by its bytes, reads the file-name rule, and waits for transcription', async () => {
    // A WAV under the spec's .m4a name: the bytes decide the type, the name gives the call's facts.
    const res = await upload(alice, { name: SPEC_NAME(alice.id), bytes: wavTone(1) }, { upload_key: 'key-0001-alice', group_id: 'crew-a' });
    expect(res.statusCode).toBe(201);
    const rec = RecordingDetailSchema.parse(res.json());
    expect(rec).toMatchObject({
      user_id: alice.id,
      user_name: 'alice-rec',
      workspace_id: alice.workspaceId,
      group_id: 'crew-a',
      file_type: 'wav',
      mime_type: 'audio/wav',
      size: 44 + 16000,
      direction: 'incoming',
      phone_number: '5125550100',
      recorded_at: '2026-11-24T15:30:12.000Z',
      file_user_id: alice.id,
      transcription_status: 'pending',
      transcript: null,
      contacts: [],
    });
  });

  it('a repeated upload of one file (same upload_key) answers the stored recording, never a second one', async () => {
    const first = RecordingDetailSchema.parse((await upload(alice, { name: 'call.wav', bytes: wavTone(0.5) }, { upload_key: 'key-0002-retry' })).json());
    const again = await upload(alice, { name: 'call.wav', bytes: wavTone(0.5) }, { upload_key: 'key-0002-retry' });
    expect(again.statusCode).toBe(200);
    expect(RecordingDetailSchema.parse(again.json()).id).toBe(first.id);
    expect(await ctx.db.select().from(recordings).where(eq(recordings.uploadKey, 'key-0002-retry'))).toHaveLength(1);
    // Another user's key space is their own.
    expect((await upload(bob, { name: 'call.wav', bytes: wavTone(0.5) }, { upload_key: 'key-0002-retry' })).statusCode).toBe(201);
  });

  it('other names keep the request’s facts or stay unknown', async () => {
    const named = RecordingDetailSchema.parse(
      (await upload(alice, { name: 'voicemail.wav', bytes: wavTone(0.2) }, { direction: 'outgoing', phone_number: '7375550123', recorded_at: '2026-11-20T10:00:00-06:00' })).json(),
    );
    expect(named).toMatchObject({ direction: 'outgoing', phone_number: '7375550123', recorded_at: '2026-11-20T16:00:00.000Z', file_user_id: null });
    const plain = RecordingDetailSchema.parse((await upload(alice, { name: 'x.wav', bytes: wavTone(0.2) })).json());
    expect(plain).toMatchObject({ direction: 'unknown', phone_number: null, recorded_at: null });
    // Spec 002 §3: a name that starts with incoming/outgoing says the direction even outside the full rule.
    expect(RecordingDetailSchema.parse((await upload(alice, { name: 'Outgoing call to Maria.wav', bytes: wavTone(0.2) })).json()).direction).toBe('outgoing');
  });

  it('refuses what is not audio (a renamed program, a text), bad fields and anonymous callers, and keeps nothing', async () => {
    const before = (await ctx.db.select().from(recordings)).length;
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1'), Buffer.alloc(4000, 7)]);
    for (const bytes of [exe, Buffer.from('just some notes about the call')]) {
      const res = await upload(alice, { name: SPEC_NAME(alice.id), bytes });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.message).toMatch(/^Unsupported file type: upload a call recording/);
    }
    const badField = await upload(alice, { name: 'a.wav', bytes: wavTone(0.1) }, { recorded_at: 'yesterday' });
    expect(badField.statusCode).toBe(400);
    expect(badField.json().error.details[0].field).toBe('recorded_at');
    expect((await upload(null, { name: 'a.wav', bytes: wavTone(0.1) })).statusCode).toBe(401);
    expect((await ctx.db.select().from(recordings)).length).toBe(before);
  });

  it('refuses a group id its uploader is not in (another member’s group, another workspace’s), storing nothing', async () => {
    const bobsGroup = await insertGroup(ctx.db, { workspaceId: alice.workspaceId!, createdBy: bob.id, name: 'Bob crew' });
    const foreign = await insertGroup(ctx.db, { workspaceId: admin.workspaceId!, createdBy: admin.id, name: 'Admin crew' });
    const before = (await ctx.db.select().from(recordings)).length;
    for (const groupId of [bobsGroup.id, foreign.id, '00000000-0000-4000-8000-000000000000']) {
      const res = await upload(alice, { name: 'tagged.wav', bytes: wavTone(0.5) }, { group_id: groupId });
      expect(res.statusCode, groupId).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'group_id', message: 'Group not found' }]);
    }
    expect((await ctx.db.select().from(recordings)).length).toBe(before);
    // A member may tag the group.
    await ctx.db.insert(groupMembers).values({ groupId: bobsGroup.id, userId: alice.id, role: 'member' });
    const ok = await upload(alice, { name: 'tagged.wav', bytes: wavTone(0.5) }, { group_id: bobsGroup.id });
    expect(ok.statusCode).toBe(201);
    expect(RecordingDetailSchema.parse(ok.json()).group_id).toBe(bobsGroup.id);
  });

  it('reads the file name’s time in the uploader’s time zone: 3:30 PM in Chicago is stored as 21:30 UTC', async () => {
    const name = (date: string, time: string) => `incoming_${date}_${time}_5125550100_${alice.id}.m4a`;
    const chicago = RecordingDetailSchema.parse((await upload(alice, { name: name('20261124', '153012'), bytes: wavTone(0.2) }, { time_zone: 'America/Chicago' })).json());
    expect(chicago.recorded_at).toBe('2026-11-24T21:30:12.000Z');
    expect(new Date(chicago.recorded_at!).toLocaleString('en-US', { timeZone: 'America/Chicago', hour: 'numeric', minute: '2-digit' })).toBe('3:30 PM');
    // The zone is kept: the transcript's file name gives the call's time on the same wall clock.
    const [row] = await ctx.db.select({ zone: recordings.recordedTimeZone }).from(recordings).where(eq(recordings.id, chicago.id));
    expect(row?.zone).toBe('America/Chicago');
    // Daylight time: the same wall clock in July is 20:30 UTC; on the fall-back night 1:30 is the first (CDT) one.
    const summer = RecordingDetailSchema.parse((await upload(alice, { name: name('20260704', '153000'), bytes: wavTone(0.2) }, { time_zone: 'America/Chicago' })).json());
    expect(summer.recorded_at).toBe('2026-07-04T20:30:00.000Z');
    const fallBack = RecordingDetailSchema.parse((await upload(alice, { name: name('20261101', '013000'), bytes: wavTone(0.2) }, { time_zone: 'America/Chicago' })).json());
    expect(fallBack.recorded_at).toBe('2026-11-01T06:30:00.000Z');
    // No zone: read as UTC, as before.
    const utc = RecordingDetailSchema.parse((await upload(alice, { name: name('20261124', '153012'), bytes: wavTone(0.2) })).json());
    expect(utc.recorded_at).toBe('2026-11-24T15:30:12.000Z');
    // An unknown zone (or an offset, which has no daylight rules) is a 400 naming the field; nothing is stored.
    const before = (await ctx.db.select().from(recordings)).length;
    for (const zone of ['Mars/Olympus_Mons', '+05:00', 'America/Chicago; DROP']) {
      const res = await upload(alice, { name: name('20261124', '153012'), bytes: wavTone(0.1) }, { time_zone: zone });
      expect(res.statusCode, zone).toBe(400);
      expect(res.json().error.details).toEqual([{ field: 'time_zone', message: 'time_zone must be an IANA time zone, e.g. America/Chicago' }]);
    }
    expect((await ctx.db.select().from(recordings)).length).toBe(before);
  });

  it('refuses a file over the size limit with 413', async () => {
    const small = await createTestApp({ RECORDING_MAX_BYTES: '4096' });
    try {
      const user = await createTestUser(small);
      const body = multipartBody({ file: { name: 'long.wav', bytes: wavTone(2) } });
      const res = await small.app.inject({ method: 'POST', url: '/api/recordings', payload: body.payload, headers: { ...body.headers, ...user.headers } });
      expect(res.statusCode).toBe(413);
      const left = await small.db.select().from(recordings);
      expect(left).toHaveLength(0);
    } finally {
      await small.close();
    }
  });
});

describe('who sees what', () => {
  it('a user lists their own recordings; the admin everyone’s, by user, with the users list ordered by name', async () => {
    const own = await list(alice);
    expect(own.recordings.every((r) => r.user_id === alice.id)).toBe(true);
    expect(own.total).toBe(own.recordings.length);
    expect((await list(bob)).recordings.every((r) => r.user_id === bob.id)).toBe(true);
    // Bob cannot open Alice's recording, nor ask for her list.
    const aliceRec = own.recordings[0]!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${aliceRec.id}`, headers: bob.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings?user_id=${alice.id}`, headers: bob.headers })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/recordings/users', headers: bob.headers })).statusCode).toBe(403);

    const all = await list(admin);
    expect(new Set(all.recordings.map((r) => r.user_id))).toEqual(new Set([alice.id, bob.id]));
    const filtered = await list(admin, `?user_id=${bob.id}`);
    expect(filtered.recordings.map((r) => r.user_id)).toEqual([bob.id]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${aliceRec.id}`, headers: admin.headers })).statusCode).toBe(200);
    const users = RecordingUsersSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/recordings/users', headers: admin.headers })).json()).users;
    const ours = users.filter((u) => [alice.id, bob.id, admin.id].includes(u.id)).map((u) => u.user_name);
    expect(ours).toEqual(['admin-rec', 'alice-rec', 'bob-rec']);
  });
});

describe('paging past 200', () => {
  it('every one of 230 calls is reached by limit/offset pages, once, newest first, and the oldest can be deleted', async () => {
    const carol = await createTestUser(ctx, { email: 'carol-rec@example.com' });
    await insertRecordingsBulk(ctx.db, { workspaceId: carol.workspaceId!, userId: carol.id, count: 230 });
    const seen: string[] = [];
    let previous = Infinity;
    for (let offset = 0; ; offset += 50) {
      const page = await list(carol, `?limit=50&offset=${offset}`);
      expect(page.total).toBe(230);
      for (const rec of page.recordings) {
        expect(Date.parse(rec.created_at)).toBeLessThanOrEqual(previous);
        previous = Date.parse(rec.created_at);
        seen.push(rec.id);
      }
      if (page.recordings.length < 50) break;
    }
    expect(new Set(seen).size).toBe(230);
    // The oldest (past the first 200) answers and can be deleted like any other.
    const oldest = seen.at(-1)!;
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${oldest}`, headers: carol.headers })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recordings/${oldest}`, headers: carol.headers })).statusCode).toBe(200);
    expect((await list(carol, '?limit=1')).total).toBe(229);
  });
});

describe('playback, contacts and delete', () => {
  it('serves the audio in ranges for seeking, assigns a contact, and deletes the recording with its audio', async () => {
    const rec = RecordingDetailSchema.parse((await upload(alice, { name: 'seek.wav', bytes: wavTone(1) })).json());
    const whole = await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/audio`, headers: alice.headers });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    const part = await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/audio`, headers: { ...alice.headers, range: 'bytes=0-3' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${rec.size}`);
    expect(part.body).toBe('RIFF');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/audio`, headers: { ...alice.headers, range: 'bytes=999999-' } })).statusCode).toBe(416);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/audio`, headers: bob.headers })).statusCode).toBe(404);

    // The player streams from a signed URL (an <audio> element sends no session): ranges work there too.
    const { url } = (await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/playback-url`, headers: alice.headers })).json() as { url: string };
    expect(url).toMatch(/^\/api\/recording-audio\//);
    const streamed = await ctx.app.inject({ method: 'GET', url, headers: { range: 'bytes=4-7' } });
    expect(streamed.statusCode).toBe(206);
    expect(streamed.body).toBe(whole.rawPayload.subarray(4, 8).toString());
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/playback-url`, headers: bob.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: url.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A')) })).statusCode).toBe(404);

    const maria = await insertContact(ctx.db, { ownerId: alice.id, name: 'Maria Garcia', phoneNumber: '5125550199' });
    const bobs = await insertContact(ctx.db, { ownerId: bob.id, name: 'Bob’s plumber', phoneNumber: '5125550188' });
    const assigned = await ctx.app.inject({ method: 'POST', url: `/api/recordings/${rec.id}/contacts`, payload: { contact_id: maria.id }, headers: alice.headers });
    expect(assigned.statusCode).toBe(200);
    expect(RecordingDetailSchema.parse(assigned.json()).contacts).toEqual([{ id: maria.id, name: 'Maria Garcia', phone_number: '5125550199', assigned_by: alice.id }]);
    // Someone else's contact is not hers to assign.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/recordings/${rec.id}/contacts`, payload: { contact_id: bobs.id }, headers: alice.headers })).statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recordings/${rec.id}/contacts/${maria.id}`, headers: bob.headers })).statusCode).toBe(404);
    // Not transcribed yet: no transcript file and nothing to retry; another user gets neither.
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/transcript`, headers: alice.headers })).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}/transcript`, headers: bob.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/recordings/${rec.id}/retry-transcription`, headers: alice.headers })).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/recordings/${rec.id}/retry-transcription`, headers: bob.headers })).statusCode).toBe(404);
    await ctx.db.update(recordings).set({ transcriptionStatus: 'failed', transcriptionError: 'ffmpeg failed', attempts: 5 }).where(eq(recordings.id, rec.id));
    const retried = await ctx.app.inject({ method: 'POST', url: `/api/recordings/${rec.id}/retry-transcription`, headers: alice.headers });
    expect(RecordingDetailSchema.parse(retried.json())).toMatchObject({ transcription_status: 'pending', transcription_error: null });
    const removed = await ctx.app.inject({ method: 'DELETE', url: `/api/recordings/${rec.id}/contacts/${maria.id}`, headers: alice.headers });
    expect(RecordingDetailSchema.parse(removed.json()).contacts).toEqual([]);

    const [row] = await ctx.db.select().from(recordings).where(eq(recordings.id, rec.id));
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recordings/${rec.id}`, headers: bob.headers })).statusCode).toBe(404);
    const before = (await list(alice)).total;
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/recordings/${rec.id}`, headers: alice.headers })).statusCode).toBe(200);
    expect((await list(alice)).total).toBe(before - 1); // the kept count follows
    expect(await ctx.blobs.size(row!.storageKey)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/recordings/${rec.id}`, headers: alice.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(404); // its playback link opens nothing now
  });
});
