import { describe, expect, it } from 'vitest';
import { multipartBody } from '../test/multipart';
import { appWithUser } from '../test/app-with-user';
import { wavFile } from '../test/wav';

const t = appWithUser();

type Answer = { status: number; body: string } | 'no answer';

/**
 * One part with the given Content-Disposition and its content, then the closing boundary. Sent through app.inject,
 * the body reaches the parser as one chunk: the case where @fastify/busboy, skipping a part, never finished.
 */
async function uploadWith(path: string, disposition: string, content: Buffer): Promise<Answer> {
  const boundary = 'fieldbook-test-boundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\nContent-Type: application/octet-stream\r\n\r\n`, 'utf8'),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}`, ...t.alice.headers };
  let timer: NodeJS.Timeout | undefined;
  const answer = await Promise.race([
    t.ctx.app.inject({ method: 'POST', url: path, payload, headers }).then((res) => ({ status: res.statusCode, body: res.body })),
    new Promise<'no answer'>((resolve) => (timer = setTimeout(() => resolve('no answer'), 5000))),
  ]);
  clearTimeout(timer);
  return answer;
}

const pdfLike = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(100 * 1024, 0x20)]);
// The part is refused before its content is looked at: the same bytes serve both upload routes.
const ENDPOINTS = [
  { path: '/api/process-documents', content: pdfLike },
  { path: '/api/recordings', content: pdfLike },
];

describe('uploads whose part headers hold a line break are answered with 400', () => {
  const cases = [
    { label: 'an encoded LF in filename*', disposition: `form-data; name="file"; filename*=UTF-8''a%0Ab.pdf`, message: /file name .*line break/i },
    { label: 'an encoded CR LF in filename*', disposition: `form-data; name="file"; filename*=UTF-8''a%0D%0Ab.pdf`, message: /file name .*line break/i },
    { label: 'a raw LF in filename', disposition: 'form-data; name="file"; filename="a\nb.pdf"', message: /malformed.*line break/i },
    { label: 'a raw CR LF in filename', disposition: 'form-data; name="file"; filename="a\r\nb.pdf"', message: /malformed.*line break/i },
    { label: 'a raw LF in the field name', disposition: 'form-data; name="fi\nle"; filename="ab.pdf"', message: /malformed.*line break/i },
  ];
  for (const { path, content } of ENDPOINTS) {
    for (const c of cases) {
      it(`${path}: ${c.label}`, async () => {
        const answer = await uploadWith(path, c.disposition, content);
        expect(answer).not.toBe('no answer');
        if (answer === 'no answer') return;
        expect(answer.status, answer.body).toBe(400);
        expect(JSON.parse(answer.body).error.message).toMatch(c.message);
      });
    }
    it(`${path}: a part that is not form-data is skipped and the request answered`, async () => {
      const answer = await uploadWith(path, 'attachment; name="file"; filename="a.pdf"', content);
      expect(answer).not.toBe('no answer');
      if (answer !== 'no answer') expect(answer.status, answer.body).toBe(400);
    });
  }

  it('a browser-escaped name ("a%0Ab.txt", no line break in it) is an ordinary file name', async () => {
    const answer = await uploadWith('/api/process-documents', 'form-data; name="file"; filename="a%0Ab.txt"', Buffer.from('Invoice text\n'.repeat(5000)));
    expect(answer).not.toBe('no answer');
    if (answer === 'no answer') return;
    expect(answer.status, answer.body).toBe(201);
    expect(JSON.parse(answer.body).name).toBe('a%0Ab.txt');
  });

  it('a NUL in the file name is refused too', async () => {
    const answer = await uploadWith('/api/process-documents', `form-data; name="file"; filename*=UTF-8''a%00b.txt`, Buffer.from('text\n'.repeat(20000)));
    expect(answer !== 'no answer' && answer.status).toBe(400);
  });
});

describe('the NUL character in an upload field', () => {
  it('is refused with 400 naming the field, not stored (PostgreSQL cannot hold it in text)', async () => {
    for (const [url, field, file] of [['/api/recordings', 'phone_number', wavFile({ seconds: 1 })], ['/api/process-documents', 'job_id', Buffer.from('Invoice 42\n')]] as const) {
      const body = multipartBody({ fields: { [field]: '512\u0000555' }, file: { name: 'call.wav', bytes: file } });
      const res = await t.ctx.app.inject({ method: 'POST', url, payload: body.payload, headers: { ...body.headers, ...t.alice.headers } });
      expect(res.statusCode, `${url} ${res.body}`).toBe(400);
      expect(res.json().error.details[0].field).toBe(field);
      expect(res.json().error.message).toMatch(/NUL/);
    }
  });
});

describe('ordinary uploads', () => {
  it('keeps a UTF-8 file name as sent', async () => {
    const body = multipartBody({ file: { name: 'Café – Gänseblümchen.txt', bytes: Buffer.from('Invoice 42\n') } });
    const res = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...t.alice.headers } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().name).toBe('Café – Gänseblümchen.txt');
  });

  it('refuses a second file, an unknown number of fields, a too-long field and a body cut off with 400', async () => {
    const two = Buffer.from(
      '--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello\r\n' +
        '--b\r\nContent-Disposition: form-data; name="file"; filename="b.txt"\r\n\r\nworld\r\n--b--\r\n',
    );
    const headers = { 'content-type': 'multipart/form-data; boundary=b', ...t.alice.headers };
    const second = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: two, headers });
    expect(second.statusCode, second.body).toBe(400);
    expect(second.json().error.message).toMatch(/one file/);

    const many = Buffer.from(Array.from({ length: 20 }, (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nx\r\n`).join('') + '--b--\r\n');
    const fields = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: many, headers });
    expect(fields.statusCode, fields.body).toBe(400);
    expect(fields.json().error.message).toMatch(/too many fields/i);

    const long = Buffer.from(`--b\r\nContent-Disposition: form-data; name="job_id"\r\n\r\n${'x'.repeat(5000)}\r\n--b--\r\n`);
    const tooLong = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: long, headers });
    expect(tooLong.statusCode, tooLong.body).toBe(400);
    expect(tooLong.json().error.message).toMatch(/job_id.*too long/i);

    const cut = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhello');
    const cutOff = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: cut, headers });
    expect(cutOff.statusCode, cutOff.body).toBe(400);
    expect(cutOff.json().error.message).toMatch(/cut off|not valid multipart/);

    const noBoundary = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: two, headers: { ...headers, 'content-type': 'multipart/form-data' } });
    expect(noBoundary.statusCode, noBoundary.body).toBe(400);
  });
});
