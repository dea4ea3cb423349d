import { DocumentSchema, type Document } from '@fieldbook/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { documents } from '../../db/schema';
import { multipartBody } from '../../test/multipart';
import { appWithUser } from '../../test/app-with-user';
import { bigPagePdf, bigPng, manyPagesPdf } from './bombs.test-helpers';
import { scannedPdf, printedPagePng } from './documents.test-helpers';
import { imageSize } from '../../platform/untrusted';
import { startDocumentWorker } from './processing';
import type { ProcessingLimits } from './processing-limits';

/**
 * Issue 22 item 2: files made to cost far more to read than to send. Each is uploaded through the API and processed
 * by the real worker while the test keeps asking the server for the document: the server must keep answering, its
 * own memory must stay where it was (the reading happens in a child process with limits), and the document must end
 * failed with the reason — or, for a page PDF allows, read at a bounded size.
 */

const t = appWithUser();

const MB = 1024 * 1024;

async function upload(name: string, bytes: Buffer): Promise<Document> {
  const body = multipartBody({ file: { name, bytes } });
  const res = await t.ctx.app.inject({ method: 'POST', url: '/api/process-documents', payload: body.payload, headers: { ...body.headers, ...t.alice.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return DocumentSchema.parse(res.json());
}

const getDocument = async (id: string) => DocumentSchema.parse((await t.ctx.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: t.alice.headers })).json());

/**
 * Drains the worker while asking for the document every 50 ms: how slow the slowest answer was, how many answers
 * came, and how far the server process's resident memory rose above where it was when processing began.
 */
async function processWhileAsking(id: string, limits?: Partial<ProcessingLimits>) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  let done = false;
  const started = Date.now();
  const drained = startDocumentWorker({ db: t.ctx.db, blobs: t.ctx.blobs, ...(limits ? { limits } : {}) })
    .drain()
    .finally(() => {
      done = true;
    });
  let slowestMs = 0;
  let answers = 0;
  while (!done) {
    const asked = performance.now();
    const res = await t.ctx.app.inject({ method: 'GET', url: `/api/documents/${id}`, headers: t.alice.headers });
    expect(res.statusCode).toBe(200);
    slowestMs = Math.max(slowestMs, performance.now() - asked);
    answers += 1;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await drained;
  clearInterval(sampler);
  const measured = { seconds: (Date.now() - started) / 1000, answers, slowestMs: Math.round(slowestMs), rssRiseMb: Math.round((peak - before) / MB) };
  console.info(`processing ${id}: ${JSON.stringify(measured)}`);
  return measured;
}

/**
 * Far above what a GET costs here (a few ms; up to ~1 s while the shared 2-core machine runs a dozen other processes),
 * below the many seconds the event loop was blocked when PDF.js read the 200,000 pages in the server itself.
 */
const ANSWER_WITHIN_MS = 3000;
/**
 * The server's memory while a file is read: a child does the reading; the bombs took 2–6 GB in the server itself.
 * The rise also holds the test's own copies of the upload (a 15 MB file, its multipart body, the pipe to the child)
 * and whatever the collector has not yet taken back in a worker that other test files shared before (issue 38):
 * measured 187–228 MB on a loaded machine with the file read in the child, so 400 MB — still a fifth of the smallest
 * bomb read in-process.
 */
const RSS_RISE_MAX_MB = 400;

describe('files made to exhaust the server', () => {
  it('a 15 MB PDF of 200,000 empty pages: the server keeps answering and the document fails with the reason', async () => {
    const pdf = manyPagesPdf(200_000);
    const doc = await upload('pages.pdf', pdf);
    const measured = await processWhileAsking(doc.id);
    expect(measured.answers).toBeGreaterThan(0);
    expect(measured.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(measured.rssRiseMb).toBeLessThan(RSS_RISE_MAX_MB);
    expect(await getDocument(doc.id)).toMatchObject({
      status: 'failed',
      processing_error: 'Processing stopped: this PDF has 200,000 pages; PDFs of up to 10,000 pages are read',
    });
  }, 120_000);

  it('a 300-byte PDF whose one page is 200,000 points a side fails with the reason; a legal 8,000-point page is read at a bounded size', async () => {
    const huge = await upload('huge-page.pdf', bigPagePdf(200_000, 200_000));
    await processWhileAsking(huge.id);
    expect(await getDocument(huge.id)).toMatchObject({
      status: 'failed',
      processing_error: 'Processing stopped: page 1 is 200,000 × 200,000 points, larger than a PDF page can be (14,400 a side)',
    });

    // 8,000 points at the usual scale 2 is 256 million pixels (a gigabyte of canvas): rendered at 8 million instead.
    const big = await upload('big-page.pdf', bigPagePdf(8000, 8000));
    expect(big.file_size).toBeLessThan(400);
    const measured = await processWhileAsking(big.id);
    expect(measured.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(measured.rssRiseMb).toBeLessThan(RSS_RISE_MAX_MB);
    expect(await getDocument(big.id)).toMatchObject({
      status: 'processed',
      metadata: { text_unavailable: 'This PDF has no text layer and no text was recognised in its pages', ocr: { pages: 1 } },
    });
  }, 120_000);

  it('an 875 KB PNG whose header says 30,000 × 30,000 pixels fails with the reason before anything decodes it', async () => {
    const png = await bigPng(30_000, 30_000);
    expect(png.length).toBeLessThan(1 * MB);
    const doc = await upload('photo.png', png);
    const measured = await processWhileAsking(doc.id);
    expect(measured.slowestMs).toBeLessThan(ANSWER_WITHIN_MS);
    expect(measured.rssRiseMb).toBeLessThan(RSS_RISE_MAX_MB);
    expect(await getDocument(doc.id)).toMatchObject({
      status: 'failed',
      processing_error: 'Processing stopped: the image is 30,000 × 30,000 pixels; images up to 52 megapixels are read',
    });
  }, 120_000);
});

describe('image sizes are read from the header', () => {
  it('a JPEG whose frame header says 65,000 × 65,000 pixels fails with the reason; real JPEG and PNG headers give their size', async () => {
    // Start of image, then a baseline frame header (SOF0): precision 8, height, width, three components; no image data.
    const sof = Buffer.from('ffd8ffc0001108fde8fde8030122000211010311 01ffd9'.replace(/ /g, ''), 'hex');
    const doc = await upload('site-photo.jpg', sof);
    expect(doc.file_type).toBe('jpg');
    await processWhileAsking(doc.id);
    expect(await getDocument(doc.id)).toMatchObject({
      status: 'failed',
      processing_error: 'Processing stopped: the image is 65,000 × 65,000 pixels; images up to 52 megapixels are read',
    });

    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(321, 123);
    expect(imageSize('jpg', await canvas.encode('jpeg'))).toEqual({ width: 321, height: 123 });
    expect(imageSize('png', await canvas.encode('png'))).toEqual({ width: 321, height: 123 });
    expect(imageSize('jpg', Buffer.from('not an image'))).toBeNull();
  }, 60_000);

  it('a 24-megapixel photo of a page is scaled down to 16 and read, outside the server', async () => {
    const { createCanvas } = await import('@napi-rs/canvas');
    const canvas = createCanvas(6000, 4000);
    const g = canvas.getContext('2d');
    g.fillStyle = '#ffffff';
    g.fillRect(0, 0, canvas.width, canvas.height);
    g.fillStyle = '#111111';
    g.font = '150px sans-serif';
    ['INVOICE 5120', 'Claim Number: CLM-2026-0444', 'Total Due: $2,480.00'].forEach((line, i) => g.fillText(line, 300, 600 + i * 400));
    const doc = await upload('photo-24mp.png', await canvas.encode('png'));
    const measured = await processWhileAsking(doc.id);
    expect(measured.rssRiseMb).toBeLessThan(RSS_RISE_MAX_MB);
    expect(await getDocument(doc.id)).toMatchObject({ status: 'processed', metadata: { extracted_data: { claim_number: 'CLM-2026-0444', total: 2480 }, ocr: { pages: 1 } } });
  }, 120_000);
});

describe('the time and memory limits of the reading process', () => {
  it('a file still being read when its time is up is stopped: failed at once with the reason, no retries', async () => {
    // Opening 200,000 pages takes PDF.js one to several seconds, and each page fetched after that 0.2–0.4 s; the
    // limit here is two. The page-count limit is lifted and pages are read to the end (no early stop at a share of
    // the time), so nothing but the clock can end this reading: on a fast machine opening alone can beat the clock.
    const doc = await upload('slow.pdf', manyPagesPdf(200_000));
    await processWhileAsking(doc.id, { timeoutMs: 2000, pdfPages: 1_000_000, readTimeShare: 1 });
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, processingError: 'Processing stopped: this file takes longer to read than processing allows (2 seconds)' });
  }, 60_000);

  it('a reading process whose memory passes the limit is killed: failed with the reason', async () => {
    // Recognising a scanned page holds the OCR engine (~100 MB) and the rendered page: far over 120 MB.
    const doc = await upload('scan.pdf', await scannedPdf(await printedPagePng(['INVOICE 77', 'Total Due: $10.00'])));
    const measured = await processWhileAsking(doc.id, { memoryMb: 120 });
    expect(measured.rssRiseMb).toBeLessThan(RSS_RISE_MAX_MB);
    expect(await getDocument(doc.id)).toMatchObject({ status: 'failed', processing_error: 'Processing stopped: this file needs more memory than processing allows (120 MB)' });
  }, 60_000);
});

describe('a file that takes its process down', () => {
  it('is given up when claimed after its last attempt: failed with the reason and never read again', async () => {
    const doc = await upload('estimate.txt', Buffer.from('ESTIMATE for gutter replacement. Total: $900.00'));
    // Five claims, each by a process that died before writing an outcome; the last lease has run out.
    await t.ctx.db.update(documents).set({ attempts: 5, nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(documents.id, doc.id));
    const worker = startDocumentWorker({ db: t.ctx.db, blobs: t.ctx.blobs });
    expect(await worker.drain()).toBe(0);
    const [row] = await t.ctx.db.select().from(documents).where(eq(documents.id, doc.id));
    expect(row).toMatchObject({
      status: 'failed',
      attempts: 5,
      extractedText: null,
      processingError: 'Processing stopped: 5 attempts to read this file ended without a result (it may need more memory or time than processing allows)',
    });
    expect(await worker.drain()).toBe(0);
    const shown = await getDocument(doc.id);
    expect(shown).toMatchObject({ status: 'failed', processing_error: row!.processingError });
  });
});
