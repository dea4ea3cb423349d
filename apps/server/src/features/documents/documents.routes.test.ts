import { DocumentListSchema, DocumentSchema } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { insertDocument, insertDocumentsBulk, insertJob } from '../../test/factories';
import { createTestApp, createTestUser, type TestContext, type TestUser } from '../../test/setup-app';
import { readFile } from 'node:fs/promises';
import { multipartBody } from '../../test/multipart';
import { docxFile, INVOICE_TEXT, printedPagePng, scannedPdf, textPdf } from './documents.test-helpers';
import { startDocumentWorker } from './processing';

let ctx: TestContext;
let alice: TestUser;
let eve: TestUser; // another workspace

beforeAll(async () => {
  ctx = await createTestApp();
  alice = await createTestUser(ctx);
  eve = await createTestUser(ctx);
});
afterAll(() => ctx.close());

const upload = (user: TestUser | null, file: { name: string; bytes: Buffer }, fields?: Record<string, string>) => {
  const body = multipartBody({ file, ...(fields ? { fields } : {}) });
  return ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...(user ? user.headers : {}) } });
};
const worker = () => startDocumentWorker({ db: ctx.db, blobs: ctx.blobs });
const rowCount = async () => (await ctx.db.select().from(documents)).length;

describe('upload and processing', () => {
  it('stores a text invoice, then extracts its text and fields, classifies it and attaches it to the job its claim number names', async () => {
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Maria Garcia', claimNumber: 'clm-2024-0042', propertyAddress: '900 Elm Rd' });
    const res = await upload(alice, { name: 'garcia-invoice.txt', bytes: Buffer.from(INVOICE_TEXT) });
    expect(res.statusCode).toBe(201);
    const doc = DocumentSchema.parse(res.json());
    expect(doc).toMatchObject({ name: 'garcia-invoice.txt', status: 'processing', file_type: 'txt', file_size: INVOICE_TEXT.length, job_id: null, document_type: 'uploaded' });

    expect(await worker().drain()).toBe(1);
    const done = DocumentSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: alice.headers })).json());
    expect(done).toMatchObject({ status: 'processed', document_type: 'invoice', job_id: job.id, processing_error: null, job: { id: job.id, client_name: 'Maria Garcia' } });
    expect(done.metadata.extracted_data).toEqual({
      client_name: 'Maria Garcia',
      property_address: '12 Oak Street, Austin TX 78701',
      claim_number: 'CLM-2024-0042',
      dates: ['11/20/2026'],
      amounts: [1800, 2160, 3960, 4250],
      total: 4250,
    });
    expect(done.metadata.matched_job_by).toBe('claim_number');
    expect(done.processed_at).not.toBeNull();

    // Searchable by its text, listed for its job.
    const found = DocumentListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/documents?q=shingles', headers: alice.headers })).json());
    expect(found.documents.map((d) => d.id)).toEqual([doc.id]);
    const byJob = DocumentListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents?job_id=${job.id}&status=processed`, headers: alice.headers })).json());
    expect(byJob.total).toBe(1);
  });

  it('reads a PDF’s text layer and matches the job by address when no claim number is given', async () => {
    const job = await insertJob(ctx.db, { workspaceId: alice.workspaceId!, clientName: 'Lee Family', propertyAddress: '9 Pine Road, Austin' });
    const pdf = await textPdf(['ROOF INSPECTION REPORT\nInspector: Sam Ortiz\nProperty Address: 9 Pine Road, Austin', 'Findings: two cracked vent boots observed.\nInspection date: 2026-11-18']);
    const doc = DocumentSchema.parse((await upload(alice, { name: 'inspection.pdf', bytes: pdf })).json());
    expect(doc.file_type).toBe('pdf');
    await worker().drain();
    const done = DocumentSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: alice.headers })).json());
    expect(done).toMatchObject({ status: 'processed', document_type: 'inspection_report', job_id: job.id, metadata: { pages: 2, matched_job_by: 'property_address' } });
    expect(done.metadata.extracted_data).toMatchObject({ property_address: '9 Pine Road, Austin', dates: ['2026-11-18'] });
  });

  it('recognises files by their bytes: a program named .pdf and an unknown binary are refused with 415 and nothing is kept', async () => {
    const before = await rowCount();
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'), Buffer.alloc(4000, 7)]);
    for (const file of [{ name: 'invoice.pdf', bytes: exe }, { name: 'notes.txt', bytes: Buffer.from([0, 1, 2, 3, 250, 251]) }]) {
      const res = await upload(alice, file);
      expect(res.statusCode, file.name).toBe(415);
      expect(res.json().error.message).toMatch(/^Unsupported file type/);
    }
    // A PNG named .txt is a PNG.
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a1a3b4a60000000049454e44ae426082', 'hex');
    const image = DocumentSchema.parse((await upload(alice, { name: 'photo.txt', bytes: png })).json());
    expect(image).toMatchObject({ file_type: 'png', mime_type: 'image/png' });
    expect(await rowCount()).toBe(before + 1);
    // This tiny PNG's image data is not valid: processing says so plainly (no retries of a file that cannot change).
    await worker().drain();
    const done = DocumentSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents/${image.id}`, headers: alice.headers })).json());
    expect(done).toMatchObject({ status: 'processed', metadata: { text_unavailable: 'This image could not be read: it may be damaged' } });
  });

  it('refuses a file over the size limit with 413 — a declared length at once — and keeps nothing', async () => {
    const small = await createTestApp({ DOCUMENT_MAX_BYTES: '2048' });
    try {
      const user = await createTestUser(small);
      const body = multipartBody({ file: { name: 'big.txt', bytes: Buffer.alloc(5000, 'a') } });
      const streamed = await small.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...user.headers } });
      expect(streamed.statusCode).toBe(413);
      expect(streamed.json().error.message).toBe('The file is larger than the 2 KB limit');
      const declared = await small.app.inject({
        method: 'POST',
        url: '/api/process-documents',
        payload: Buffer.alloc(100_000, 'a'),
        headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=x' },
      });
      expect(declared.statusCode, declared.body).toBe(413);
      // A body that is not the multipart it claims: a clear 400.
      const garbled = await small.app.inject({ method: 'POST', url: '/api/process-documents', payload: Buffer.from('not multipart at all'), headers: { ...user.headers, 'content-type': 'multipart/form-data; boundary=x' } });
      expect(garbled.statusCode, garbled.body).toBe(400);
      expect(await small.db.select().from(documents)).toHaveLength(0);
    } finally {
      await small.close();
    }
  });

  it('a bad job_id or a missing file is a 400 naming the field; nothing is kept', async () => {
    const before = await rowCount();
    const foreignJob = await insertJob(ctx.db, { workspaceId: eve.workspaceId! });
    for (const jobId of ['nope', foreignJob.id]) {
      const res = await upload(alice, { name: 'a.txt', bytes: Buffer.from('hello there') }, { job_id: jobId });
      expect(res.statusCode, jobId).toBe(400);
      expect(res.json().error.details[0].field).toBe('job_id');
    }
    const none = multipartBody({ fields: { job_id: foreignJob.id } });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: none.payload, headers: { ...none.headers, ...alice.headers } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0].field).toBe('file');
    expect(await rowCount()).toBe(before);
  });
});

describe('reading, downloading and deleting', () => {
  it('serves the bytes inline or as a download, in ranges; other workspaces and anonymous callers get nothing', async () => {
    const bytes = Buffer.from('Scope of work: replace the flashing around the chimney.');
    const doc = DocumentSchema.parse((await upload(alice, { name: 'Scope – chimney.txt', bytes })).json());
    const url = `/api/documents/${doc.id}/content`;
    const inline = await ctx.app.inject({ method: 'GET', url, headers: alice.headers });
    expect(inline.statusCode).toBe(200);
    expect(inline.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(inline.headers['content-disposition']).toBe(`inline; filename="Scope _ chimney.txt"; filename*=UTF-8''Scope%20%E2%80%93%20chimney.txt`);
    expect(inline.rawPayload).toEqual(bytes);
    const download = await ctx.app.inject({ method: 'GET', url: `${url}?download=true`, headers: alice.headers });
    expect(download.headers['content-disposition']).toMatch(/^attachment; /);
    const part = await ctx.app.inject({ method: 'GET', url, headers: { ...alice.headers, range: 'bytes=0-4' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-4/${bytes.length}`);
    expect(part.body).toBe('Scope');
    expect((await ctx.app.inject({ method: 'GET', url, headers: { ...alice.headers, range: 'bytes=999-' } })).statusCode).toBe(416);

    for (const path of [`/api/documents/${doc.id}`, url]) {
      expect((await ctx.app.inject({ method: 'GET', url: path, headers: eve.headers })).statusCode, path).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: path })).statusCode, path).toBe(401);
    }
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: eve.headers })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/documents', headers: eve.headers })).json()).toEqual({ documents: [], total: 0 });
    expect((await upload(null, { name: 'x.txt', bytes })).statusCode).toBe(401);

    const [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(await ctx.blobs.size(row!.storageKey!)).toBe(bytes.length);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: alice.headers })).json()).toEqual({ ok: true });
    expect(await ctx.blobs.size(row!.storageKey!)).toBeNull();
    expect((await ctx.app.inject({ method: 'GET', url, headers: alice.headers })).statusCode).toBe(404);
  });
});

describe('the list', () => {
  it('answers the true total (kept per status by triggers) beside a page, and pages newest first', async () => {
    const user = await createTestUser(ctx);
    for (let i = 0; i < 7; i += 1) await insertDocument(ctx.db, { workspaceId: user.workspaceId!, name: `doc-${i}.pdf`, status: i < 5 ? 'processed' : 'created', createdAt: new Date(Date.now() - i * 60_000) });
    await insertDocument(ctx.db, { workspaceId: user.workspaceId!, name: 'in-flight.pdf', status: 'uploading' });
    const get = async (q: string) => DocumentListSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents?${q}`, headers: user.headers })).json());
    const first = await get('limit=3');
    expect(first.total).toBe(7);
    expect(first.documents.map((d) => d.name)).toEqual(['doc-0.pdf', 'doc-1.pdf', 'doc-2.pdf']);
    expect((await get('limit=3&offset=6')).documents.map((d) => d.name)).toEqual(['doc-6.pdf']);
    expect((await get('status=created')).total).toBe(2);
    // Deleting one updates the total; the list never carries the extracted text.
    await ctx.app.inject({ method: 'DELETE', url: `/api/documents/${first.documents[0]!.id}`, headers: user.headers });
    const after = await get('');
    expect(after.total).toBe(6);
    expect(after.documents[0]).not.toHaveProperty('extracted_text');
  });
});

describe('paging past 200', () => {
  it('every one of 230 documents is reached by limit/offset pages, once, newest first; a page over 200 is refused', async () => {
    const user = await createTestUser(ctx);
    await insertDocumentsBulk(ctx.db, { workspaceId: user.workspaceId!, count: 230 });
    const get = async (q: string) => ctx.app.inject({ method: 'GET', url: `/api/documents?${q}`, headers: user.headers });
    const seen: string[] = [];
    let previous = Infinity;
    for (let offset = 0; ; offset += 50) {
      const page = DocumentListSchema.parse((await get(`limit=50&offset=${offset}`)).json());
      expect(page.total).toBe(230);
      for (const doc of page.documents) {
        expect(Date.parse(doc.created_at)).toBeLessThanOrEqual(previous);
        previous = Date.parse(doc.created_at);
        seen.push(doc.id);
      }
      if (page.documents.length < 50) break;
    }
    expect(seen).toHaveLength(230);
    expect(new Set(seen).size).toBe(230);
    expect((await get('limit=201')).statusCode).toBe(400);
  });
});

describe('Word documents', () => {
  it('reads a .docx (made here) and a Word 97 .doc (a LibreOffice-made fixture), recognised by their bytes', async () => {
    const docx = await docxFile(['CONTRACT', 'Client: Omar Haddad', 'Property Address: 77 Walnut Drive, Austin TX 78702', 'Claim Number: CLM-2026-0301', 'Contract price: $12,500.00']);
    const doc = await readFile(new URL('./fixtures/estimate.doc', import.meta.url));
    const a = DocumentSchema.parse((await upload(alice, { name: 'contract.bin', bytes: docx })).json());
    const b = DocumentSchema.parse((await upload(alice, { name: 'estimate.doc', bytes: doc })).json());
    expect([a.file_type, b.file_type]).toEqual(['docx', 'doc']);
    await worker().drain();
    const get = async (id: string) => DocumentSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: alice.headers })).json());
    expect(await get(a.id)).toMatchObject({ status: 'processed', document_type: 'contract', metadata: { extracted_data: { client_name: 'Omar Haddad', claim_number: 'CLM-2026-0301' } } });
    expect(await get(b.id)).toMatchObject({ status: 'processed', document_type: 'estimate', metadata: { extracted_data: { client_name: 'Priya Raman', claim_number: 'CLM-2026-0555', total: 1440 } } });
  });
});

describe('text recognition (OCR, offline)', () => {
  const PAGE = ['INVOICE 2231', 'Bill To: Dana Whitfield', 'Property Address: 48 Cedar Lane, Austin TX 78704', 'Claim Number: CLM-2026-0917', 'Roof repair labor 1,200.00', 'Total Due: $1,980.00'];

  it('reads a photographed page (PNG) and a scanned PDF, and fills the fields from what it read', async () => {
    const png = await printedPagePng(PAGE);
    const photo = DocumentSchema.parse((await upload(alice, { name: 'photo.png', bytes: png })).json());
    const scan = DocumentSchema.parse((await upload(alice, { name: 'scan.pdf', bytes: await scannedPdf(png) })).json());
    expect(await worker().drain()).toBe(2);
    for (const id of [photo.id, scan.id]) {
      const done = DocumentSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: alice.headers })).json());
      expect(done.status).toBe('processed');
      expect(done.document_type).toBe('invoice');
      expect(done.metadata.extracted_data).toMatchObject({ claim_number: 'CLM-2026-0917', total: 1980 });
      expect(done.metadata.ocr).toMatchObject({ engine: 'tesseract.js (English)', pages: 1, confidence: expect.any(Number) });
      expect((done.metadata.ocr as { confidence: number }).confidence).toBeGreaterThan(60);
    }
    const found = DocumentListSchema.parse((await ctx.app.inject({ method: 'GET', url: '/api/documents?q=Whitfield', headers: alice.headers })).json());
    expect(found.total).toBe(2);
  }, 60_000);
});

describe('the processing queue', () => {
  it('a document that fails is retried with backoff, shows its error, fails after five tries, and a retry puts it back', async () => {
    const broken = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 'x')]);
    const doc = DocumentSchema.parse((await upload(alice, { name: 'broken.pdf', bytes: broken })).json());
    const w = worker();
    await w.drain();
    let [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'processing', attempts: 1 });
    expect(row!.processingError).toBeTruthy();
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 30_000);
    // Four more tries (the backoff skipped by moving the due time).
    for (let i = 0; i < 4; i++) {
      await ctx.db.update(documents).set({ nextAttemptAt: new Date(0) }).where(eq(documents.id, doc.id));
      await w.drain();
    }
    [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 5 });
    const shown = DocumentSchema.parse((await ctx.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: alice.headers })).json());
    expect(shown.status).toBe('failed');
    expect(shown.processing_error).toBe(row!.processingError);

    const retried = await ctx.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/retry`, headers: alice.headers });
    expect(retried.json()).toMatchObject({ status: 'processing', processing_error: null });
    expect((await ctx.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/retry`, headers: alice.headers })).statusCode).toBe(409);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/documents/${doc.id}/retry`, headers: eve.headers })).statusCode).toBe(404);
  });

  it('a restart in the middle of processing loses nothing: the claimed document is processed when its lease ends', async () => {
    const doc = DocumentSchema.parse((await upload(alice, { name: 'estimate.txt', bytes: Buffer.from('ESTIMATE for gutter replacement. Valid for 30 days. Total: $900.00') })).json());
    // A process claimed it (attempts 1, leased) and died before writing the outcome.
    await ctx.db.update(documents).set({ attempts: 1, nextAttemptAt: new Date(Date.now() + 600_000) }).where(eq(documents.id, doc.id));
    const restarted = worker();
    await restarted.drain();
    let [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'processing', attempts: 1 }); // still leased
    await ctx.db.update(documents).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(documents.id, doc.id)); // the lease ran out
    await restarted.drain();
    [row] = await ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'processed', attempts: 2, documentType: 'estimate' });
  });

  it('the sweeper removes uploads a crash cut off, with their blobs', async () => {
    const key = `documents/${alice.workspaceId}/${crypto.randomUUID()}`;
    const { Readable } = await import('node:stream');
    await ctx.blobs.put(key, Readable.from([Buffer.from('half')]));
    const [row] = await ctx.db
      .insert(documents)
      .values({ workspaceId: alice.workspaceId!, name: 'cut.txt', status: 'uploading', storageKey: key, createdAt: new Date(Date.now() - 2 * 3600_000) })
      .returning();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/documents/${row!.id}`, headers: alice.headers })).statusCode).toBe(404);
    expect(await worker().sweep()).toBe(1);
    expect(await ctx.blobs.size(key)).toBeNull();
    expect(await ctx.db.select().from(documents).where(eq(documents.id, row!.id))).toHaveLength(0);
  });
});

describe('documents in an S3-compatible store', () => {
  it('upload, processing, content in ranges and delete work the same with S3_URL', async () => {
    const { startS3Server } = await import('../../test/s3-server');
    const { parseS3Url, s3BlobStore } = await import('../../platform/blob-store');
    const s3 = await startS3Server();
    const onS3 = await createTestApp({}, { blobs: await s3BlobStore(parseS3Url(s3.url)) });
    try {
      const user = await createTestUser(onS3);
      const body = multipartBody({ file: { name: 'invoice.txt', bytes: Buffer.from(INVOICE_TEXT) } });
      const res = await onS3.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...user.headers } });
      expect(res.statusCode).toBe(201);
      const doc = DocumentSchema.parse(res.json());
      await startDocumentWorker({ db: onS3.db, blobs: onS3.blobs }).drain();
      const done = DocumentSchema.parse((await onS3.app.inject({ method: 'GET', url: `/api/documents/${doc.id}`, headers: user.headers })).json());
      expect(done).toMatchObject({ status: 'processed', document_type: 'invoice', metadata: { extracted_data: { claim_number: 'CLM-2024-0042', total: 4250 } } });
      const part = await onS3.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/content`, headers: { ...user.headers, range: 'bytes=0-6' } });
      expect(part.statusCode).toBe(206);
      expect(part.body).toBe('INVOICE');
      const [row] = await onS3.db.select().from(documents).where(eq(documents.id, doc.id));
      expect(await onS3.blobs.size(row!.storageKey!)).toBe(INVOICE_TEXT.length);
      expect((await onS3.app.inject({ method: 'DELETE', url: `/api/documents/${doc.id}`, headers: user.headers })).statusCode).toBe(200);
      expect(await onS3.blobs.size(row!.storageKey!)).toBeNull();
    } finally {
      await onS3.close();
      await s3.close();
    }
  });
});
