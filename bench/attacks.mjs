/* global AbortSignal */
// Re-runs issue 22's attacks against a RUNNING built server and prints what each one does now (not a test: the tests
// beside the code prove each fix; this shows the same inputs against the real process, over real sockets).
//   BASE=http://127.0.0.1:3000 EMAIL=admin@fieldbook.local PASSWORD=… node bench/attacks.mjs
// Loopback only (the workplace's rule for load and failure tests). Every loop is bounded in count and time.
import net from 'node:net';

const BASE = process.env.BASE ?? 'http://127.0.0.1:3000';
const EMAIL = process.env.EMAIL ?? 'admin@fieldbook.local';
const PASSWORD = process.env.PASSWORD;
const GUESSES = Number(process.env.GUESSES ?? 300);
const url = new URL(BASE);
if (!['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) throw new Error(`loopback only, not ${url.hostname}`);
if (!PASSWORD) throw new Error('PASSWORD (the account EMAIL\'s password) is required');

const report = {};
async function call(path, { method = 'POST', headers = {}, body, timeoutMs = 15_000 } = {}) {
  const res = await fetch(`${BASE}${path}`, { method, headers, body, signal: AbortSignal.timeout(timeoutMs) });
  return { status: res.status, text: await res.text() };
}
const randomIp = () => `${1 + Math.floor(Math.random() * 222)}.${Math.floor(Math.random() * 255)}.${Math.floor(Math.random() * 255)}.${1 + Math.floor(Math.random() * 253)}`;

// A session for the later checks, taken first: the guessing below spends the account's sign-in limit for 15 minutes.
let token;
for (let i = 0; i < 3 && !token; i++) {
  const res = await call('/auth/v1/token?grant_type=password', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL, password: PASSWORD }) });
  if (res.status === 200) token = JSON.parse(res.text).access_token;
  else report.signInAfterGuessing = res.status;
}
if (!token) throw new Error('could not sign in (sign-in limited by an earlier run: try again in 15 minutes)');
// 1. Recovery-code brute force, a different X-Forwarded-For on every request.
{
  const { status: recoverStatus } = await call('/auth/v1/recover', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: EMAIL }) });
  const statuses = {};
  const started = performance.now();
  for (let i = 0; i < GUESSES; i++) {
    const guess = String(Math.floor(Math.random() * 1_000_000)).padStart(6, '0');
    const { status } = await call('/auth/v1/verify', { headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ type: 'recovery', email: EMAIL, token: guess }) });
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  const seconds = (performance.now() - started) / 1000;
  // The real code, from the development mailbox (when the server shows it): does it still open the account?
  let realCode = 'not checked (no development mailbox)';
  const box = await call(`/dev/mailbox.json?to=${encodeURIComponent(EMAIL)}&limit=1`, { method: 'GET' });
  if (box.status === 200) {
    const code = /\b(\d{6})\b/.exec(JSON.parse(box.text).messages?.[0]?.body ?? '')?.[1];
    if (code) {
      const { status } = await call('/auth/v1/verify', { headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ type: 'recovery', email: EMAIL, token: code }) });
      realCode = `answered ${status} (${status === 200 ? 'STILL WORKS' : 'refused'})`;
    }
  }
  report.bruteForce = { recover: recoverStatus, guesses: GUESSES, statuses, guessesPerSecond: Math.round(GUESSES / seconds), realCodeAfterwards: realCode };
}

// 2. Password guessing against one account, rotating X-Forwarded-For.
{
  const statuses = {};
  for (let i = 0; i < 60; i++) {
    const { status } = await call('/auth/v1/token?grant_type=password', { headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify({ email: EMAIL, password: `wrong-${i}` }) });
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  report.passwordGuessing = { attempts: 60, statuses };
}

const auth = { authorization: `Bearer ${token}` };

// 3. Multipart uploads whose file name holds a line break, over a raw socket: answered, and how fast?
function rawUpload(disposition) {
  return new Promise((resolve) => {
    const boundary = 'attack' + Math.random().toString(16).slice(2);
    const body = Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; ${disposition}\r\nContent-Type: application/pdf\r\n\r\n`), Buffer.from('%PDF-1.4\n%%EOF\n'), Buffer.from(`\r\n--${boundary}--\r\n`)]);
    const head = `POST /api/process-documents HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: ${auth.authorization}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\nConnection: close\r\n\r\n`;
    const started = performance.now();
    const socket = net.connect(Number(url.port || 80), url.hostname);
    let answer = '';
    const done = (what) => {
      socket.destroy();
      resolve({ answer: what, ms: Math.round(performance.now() - started) });
    };
    const timer = setTimeout(() => done('NO ANSWER after 60 s'), 60_000);
    socket.on('data', (d) => (answer += d.toString('latin1')));
    socket.on('end', () => {
      clearTimeout(timer);
      done(answer.split('\r\n')[0] || 'closed without an answer');
    });
    socket.on('error', (e) => {
      clearTimeout(timer);
      done(`socket error ${e.code}`);
    });
    socket.write(head);
    socket.write(body);
  });
}
report.lineBreakFileNames = {
  percentEncoded: await rawUpload('filename="bad%0Aname.pdf"'),
  rfc5987: await rawUpload("filename*=UTF-8''bad%0D%0Aname.pdf"),
  backslashEscaped: await rawUpload('filename="bad\\\nname.pdf"'),
};

// 4. A NUL byte in a text field, and JSON nested 5,000 deep.
report.nulByte = (await call('/api/jobs', { headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ client_name: 'Nul\u0000Client', title: 'a\u0000b' }) })).status;
report.deepJson = (await call('/api/jobs', { headers: { ...auth, 'content-type': 'application/json' }, body: '['.repeat(5000) + ']'.repeat(5000) })).status;

// 5. 900 KB of sign-up metadata.
report.bigSignupMetadata = (
  await call('/auth/v1/signup', { headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: `big-${Date.now()}@example.com`, password: 'a-long-password-1', data: { blob: 'x'.repeat(900_000) } }) })
).status;

console.log(JSON.stringify(report, null, 2));
