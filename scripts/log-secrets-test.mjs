// No secret, token or password is ever logged, and one request id follows a request into its jobs and its mail
// (issue 24, docs/operations.md "Logs"). The BUILT server runs at LOG_LEVEL=debug with real mail (an SMTP server on
// loopback, with a password) and texts (a stand-in for Twilio's Messages API, with an auth token); a full flow goes
// through it — sign-up with the emailed link, sign-in, refresh, password change, a recovery code, MFA (TOTP) enrolment
// and sign-in, a group invitation texted and accepted by sign-up with its code, a document uploaded, processed and
// sent by mail and by text, its signed link opened, a recording's signed playback URL, /metrics, a Cookie header —
// and then the whole log (stdout and stderr) is searched for every secret value used: none may be there.
// Run after `npm run build`: node --test scripts/log-secrets-test.mjs (scripts/test-all.sh does).
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { simpleParser } from 'mailparser';
import * as OTPAuth from 'otpauth';
import { SMTPServer } from 'smtp-server';
import { assertBuilt, call, startServer, upload, waitFor, wav } from './lib/server-process.mjs';

const secret = (label) => `${label}-${randomBytes(12).toString('base64url')}`;

test('a full flow at LOG_LEVEL=debug logs no secret, and one request id reaches its job and its mail', { timeout: 180_000 }, async (t) => {
  assertBuilt();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'fb-logs-'));
  /** Every secret value the flow uses or receives: [what, value]. */
  const secrets = [];
  const keep = (what, value) => {
    assert.ok(typeof value === 'string' && value.length >= 6, `${what}: ${value}`);
    secrets.push([what, value]);
    return value;
  };

  // Mail: an SMTP server that wants a password; every message parsed.
  const smtpPassword = keep('SMTP password', secret('smtp'));
  const mails = [];
  const smtp = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth: (auth, _session, cb) => (auth.password === smtpPassword ? cb(null, { user: auth.username }) : cb(new Error('bad password'))),
    onData: (stream, _session, cb) => {
      simpleParser(stream).then((m) => {
        mails.push(m);
        cb();
      }, cb);
    },
    logger: false,
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  // Texts: Twilio's Messages API, answering like it.
  const twilioToken = keep('Twilio auth token', secret('twilio'));
  const texts = [];
  const twilio = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      texts.push(new URLSearchParams(Buffer.concat(chunks).toString()).get('Body'));
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ sid: `SM${randomBytes(16).toString('hex')}`, status: 'queued' }));
    });
  });
  twilio.listen(0, '127.0.0.1');
  await once(twilio, 'listening');

  const jwtSecret = keep('JWT_SECRET', secret('jwt-secret-0123456789abcdef'));
  const metricsToken = keep('METRICS_TOKEN', secret('metrics'));
  const server = await startServer('logs', {
    DATA_DIR: dataDir,
    LOG_LEVEL: 'debug',
    JWT_SECRET: jwtSecret,
    METRICS_TOKEN: metricsToken,
    AUTH_AUTOCONFIRM: 'false',
    SMTP_URL: `smtp://fieldbook:${smtpPassword}@127.0.0.1:${smtp.server.address().port}`,
    TWILIO_ACCOUNT_SID: 'AClogtest',
    TWILIO_AUTH_TOKEN: twilioToken,
    TWILIO_FROM_NUMBER: '+15550000000',
    TWILIO_API_URL: `http://127.0.0.1:${twilio.address().port}`,
  });
  t.after(async () => {
    await server.stop('SIGKILL');
    smtp.close();
    twilio.close();
    rmSync(dataDir, { recursive: true, force: true });
  });
  await server.ready();
  const base = server.base;

  const mailTo = async (to, subject) => waitFor(`mail to ${to}: ${subject}`, () => mails.find((m) => m.to.text === to && m.subject.includes(subject) && !m.seen), { timeoutMs: 20_000 });
  const codeIn = (text) => /\b(\d{6})\b/.exec(text)?.[1];

  // Sign-up, confirmed by the emailed link (its token, and the session in the redirect's fragment).
  const email = 'owner@example.com';
  let password = keep('password', secret('pw'));
  assert.equal((await call(base, 'POST', '/auth/v1/signup', { json: { email, password } })).status, 200);
  const confirm = await mailTo(email, 'Confirm');
  confirm.seen = true;
  const link = /http\S+\/auth\/v1\/verify\?\S+/.exec(confirm.text)[0];
  keep('confirmation link token', new URL(link).searchParams.get('token'));
  keep('confirmation code', codeIn(confirm.text));
  const verified = await fetch(link, { redirect: 'manual' });
  assert.equal(verified.status, 303);
  const fragment = new URLSearchParams(new URL(verified.headers.get('location')).hash.slice(1));
  keep('access token from the link', fragment.get('access_token'));
  keep('refresh token from the link', fragment.get('refresh_token'));

  // Sign-in, refresh, password change.
  let session = await call(base, 'POST', '/auth/v1/token?grant_type=password', { json: { email, password } });
  assert.equal(session.status, 200, JSON.stringify(session.body));
  keep('access token', session.body.access_token);
  keep('refresh token', session.body.refresh_token);
  session = await call(base, 'POST', '/auth/v1/token?grant_type=refresh_token', { json: { refresh_token: session.body.refresh_token } });
  assert.equal(session.status, 200, JSON.stringify(session.body));
  keep('refreshed access token', session.body.access_token);
  keep('refreshed refresh token', session.body.refresh_token);
  password = keep('new password', secret('pw2'));
  assert.equal((await call(base, 'PUT', '/auth/v1/user', { token: session.body.access_token, json: { password } })).status, 200);
  // A wrong password is logged as a failure, not as the password.
  const wrong = keep('wrong password tried', secret('wrong'));
  assert.equal((await call(base, 'POST', '/auth/v1/token?grant_type=password', { json: { email, password: wrong } })).status, 400);

  // Recovery by the emailed code.
  assert.equal((await call(base, 'POST', '/auth/v1/recover', { json: { email } })).status, 200);
  const recovery = await mailTo(email, 'Reset');
  recovery.seen = true;
  const recoveryCode = keep('recovery code', codeIn(recovery.text));
  keep('recovery link token', new URL(/http\S+\/auth\/v1\/verify\?\S+/.exec(recovery.text)[0]).searchParams.get('token'));
  session = await call(base, 'POST', '/auth/v1/verify', { json: { type: 'recovery', email, token: recoveryCode } });
  assert.equal(session.status, 200, JSON.stringify(session.body));
  keep('recovery access token', session.body.access_token);
  keep('recovery refresh token', session.body.refresh_token);

  // MFA: enrol a TOTP factor and step up with a code.
  const enrolled = await call(base, 'POST', '/auth/v1/factors', { token: session.body.access_token, json: { factor_type: 'totp', friendly_name: 'phone' } });
  assert.equal(enrolled.status, 200, JSON.stringify(enrolled.body));
  const totpSecret = keep('TOTP secret', enrolled.body.totp.secret);
  const challenge = await call(base, 'POST', `/auth/v1/factors/${enrolled.body.id}/challenge`, { token: session.body.access_token, json: {} });
  assert.equal(challenge.status, 200, JSON.stringify(challenge.body));
  const totpCode = keep('TOTP code', new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(totpSecret) }).generate());
  session = await call(base, 'POST', `/auth/v1/factors/${enrolled.body.id}/verify`, {
    token: session.body.access_token,
    json: { challenge_id: challenge.body.id, code: totpCode },
  });
  assert.equal(session.status, 200, JSON.stringify(session.body));
  const token = keep('MFA access token', session.body.access_token);
  keep('MFA refresh token', session.body.refresh_token);

  // A workspace, a contact with a phone and an email, a group invitation texted to the contact, accepted by sign-up.
  assert.equal((await call(base, 'PUT', '/api/my-workspace', { token, json: { name: 'Log Roofing' } })).status, 200);
  const contact = await call(base, 'POST', '/api/contacts', { token, json: { name: 'Pat Doe', phone_number: '(555) 201-0100', email: 'pat@example.com' } });
  assert.equal(contact.status, 201, JSON.stringify(contact.body));
  const group = await call(base, 'POST', '/api/groups', { token, json: { name: 'Crew' } });
  assert.equal(group.status, 201, JSON.stringify(group.body));
  const invited = await call(base, 'POST', `/api/groups/${group.body.id}/invitations`, { token, json: { contact_ids: [contact.body.id] } });
  assert.equal(invited.status, 201, JSON.stringify(invited.body));
  const invitationText = await waitFor('the invitation text', () => texts.find((b) => /\/invitation\//.test(b)), { timeoutMs: 20_000 });
  const invitationToken = keep('invitation token', /\/invitation\/([A-Za-z0-9_-]+)/.exec(invitationText)[1]);
  assert.equal((await call(base, 'GET', `/api/invitations/${invitationToken}`)).status, 200);
  assert.equal((await call(base, 'POST', `/api/invitations/${invitationToken}/code`, { json: {} })).status, 200);
  const codeText = await waitFor('the invitation code text', () => texts.find((b) => b !== invitationText && codeIn(b)), { timeoutMs: 20_000 });
  const invitationCode = keep('invitation code', codeIn(codeText));
  const memberPassword = keep('invited member password', secret('member'));
  const joined = await call(base, 'POST', `/api/invitations/${invitationToken}/sign-up`, {
    json: { full_name: 'Pat Doe', email: 'pat@example.com', password: memberPassword, code: invitationCode },
  });
  assert.equal(joined.status, 201, JSON.stringify(joined.body));

  // A document uploaded (its request id followed into processing), sent by mail and by text, its signed link opened.
  const uploaded = await upload(base, '/api/process-documents', token, { name: 'invoice.txt', type: 'text/plain', bytes: Buffer.from('Invoice 1001 for the roof at 12 Oak Ave.\n'.repeat(20)) });
  assert.equal(uploaded.status, 201, JSON.stringify(uploaded.body));
  const uploadRequestId = uploaded.headers.get('x-request-id');
  assert.ok(uploadRequestId, 'X-Request-Id on the answer');
  await waitFor('processed', async () => (await call(base, 'GET', `/api/documents/${uploaded.body.id}`, { token })).body.status === 'processed', { timeoutMs: 60_000, everyMs: 200 });
  const byMail = await call(base, 'POST', `/api/documents/${uploaded.body.id}/send`, { token, json: { recipients: [contact.body.id], send_method: 'email' } });
  assert.equal(byMail.status, 200, JSON.stringify(byMail.body));
  const mailRequestId = byMail.headers.get('x-request-id');
  await mailTo('pat@example.com', '');
  const textsBefore = texts.length;
  const byText = await call(base, 'POST', `/api/documents/${uploaded.body.id}/send`, { token, json: { recipients: [contact.body.id], send_method: 'sms' } });
  assert.equal(byText.status, 200, JSON.stringify(byText.body));
  const documentText = await waitFor('the document text', () => texts.slice(textsBefore).find((b) => /shared-documents/.test(b)), { timeoutMs: 20_000 });
  const linkToken = keep('signed document link token', /\/api\/shared-documents\/([^\s/]+)/.exec(documentText)[1]);
  assert.equal((await call(base, 'GET', `/api/shared-documents/${linkToken}`)).status, 200);

  // A recording's signed playback URL.
  const recording = await upload(base, '/api/recordings', token, { name: 'call.wav', type: 'audio/wav', bytes: wav(0.5) });
  assert.equal(recording.status, 201, JSON.stringify(recording.body));
  const playback = await call(base, 'GET', `/api/recordings/${recording.body.id}/playback-url`, { token });
  assert.equal(playback.status, 200, JSON.stringify(playback.body));
  const playbackToken = keep('playback URL token', /\/api\/recording-audio\/([^?/\s]+)/.exec(playback.body.url)[1]);
  assert.equal((await call(base, 'GET', `/api/recording-audio/${playbackToken}`)).status, 200);

  // Headers with credentials: metrics' bearer token, a cookie, an API key.
  assert.equal((await call(base, 'GET', '/metrics', { token: metricsToken })).status, 200);
  const cookie = keep('cookie value', secret('cookie'));
  const apiKey = keep('apikey header', secret('apikey'));
  assert.equal((await call(base, 'GET', '/api/jobs', { token, headers: { cookie: `sb-session=${cookie}`, apikey: apiKey } })).status, 200);
  // A malformed request with a token in its body and its URL (errors are logged with more detail).
  const junk = keep('token in a malformed request', secret('junk'));
  await call(base, 'POST', `/auth/v1/verify?token=${junk}`, { json: { type: 'signup', token: junk, email } });
  assert.equal((await call(base, 'POST', '/auth/v1/logout', { token })).status, 204);

  // Stop cleanly (the shutdown's lines are in the log too), then read all of it.
  await waitFor('every message delivered', () => mails.length >= 3 && texts.length >= 3, { timeoutMs: 20_000 });
  assert.deepEqual(await server.stop('SIGTERM'), { code: 0, signal: null });
  const log = server.output();
  const leaks = secrets.filter(([, value]) => {
    const digits = /^\d+$/.test(value);
    return digits ? new RegExp(`(?<![0-9])${value}(?![0-9])`).test(log) : log.includes(value) || log.includes(encodeURIComponent(value));
  });
  assert.deepEqual(
    leaks.map(([what]) => what),
    [],
    `secrets in the log:\n${leaks.map(([what, value]) => `${what}: ${log.split('\n').find((l) => l.includes(value))}`).join('\n')}`,
  );
  for (const header of ['authorization', 'cookie', 'apikey']) assert.doesNotMatch(log, new RegExp(`"${header}":\\s*"(?!\\[redacted\\])`, 'i'), `a ${header} header value in the log`);

  // One request id from the request to its job and its mail.
  const lines = log.split('\n').filter((l) => l.startsWith('{')).map((l) => JSON.parse(l));
  const of = (reqId) => lines.filter((l) => l.reqId === reqId);
  assert.ok(of(uploadRequestId).some((l) => l.msg === 'incoming request'), 'the upload request is logged with its id');
  assert.ok(of(uploadRequestId).some((l) => l.job === 'documents' && /done/.test(l.msg)), `the document's processing is logged with the upload's request id:\n${JSON.stringify(of(uploadRequestId), null, 1)}`);
  assert.ok(of(mailRequestId).some((l) => l.job === 'outbox' && /^mail to pat@example.com: done/.test(l.msg)), `the mail's sending is logged with the send request's id:\n${JSON.stringify(of(mailRequestId), null, 1)}`);
  t.diagnostic(`${lines.length} log lines (${log.length} bytes) at debug level searched for ${secrets.length} secret values: none found; request ${uploadRequestId} → ${of(uploadRequestId).length} lines (request, processing), request ${mailRequestId} → ${of(mailRequestId).length} lines (request, mail sent)`);
});
