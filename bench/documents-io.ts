// Document upload and processing throughput (design.md §11), on the benchmark database:
//   node --import tsx bench/documents-io.ts [--uploads=8] [--mb=20]
// 1. Upload: POST /api/process-documents of an `mb` MB PDF through the real server (bench/app-server.ts: buildApp,
//    PostgreSQL, the folder blob store in the temp directory), one at a time and two at once, in MB/s — beside a
//    plain copy of the same file on the same disk (fs.copyFile, and a read→write stream pipe like the upload's).
// 2. Processing, one core: text PDFs (text layer, fields, type) in pages per second; OCR (a page rendered from a
//    scanned PDF, then tesseract.js) in pages per second.
// The documents it uploads are deleted again at the end.
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { extractFields } from '../apps/server/src/features/documents/extract-fields';
import { extractText } from '../apps/server/src/features/documents/extract-text';
import { printedPagePng, scannedPdf, textPdf } from '../apps/server/src/features/documents/documents.test-helpers';
import { startApp } from './start-app';
import { DEFAULT_PROCESSING_LIMITS } from '../apps/server/src/features/documents/processing-limits';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const UPLOADS = Number(args.uploads ?? 8);
const MB = Number(args.mb ?? 20);
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

/** A PDF-looking file of `mb` MB (a real header, then incompressible bytes) as one multipart body. */
function uploadBody(mb: number) {
  const bytes = Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n'), randomBytes(mb * 1024 * 1024)]);
  const boundary = '----fieldbookbench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { bytes, body, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploads(app: { url: string; token: string }, body: Buffer, contentType: string, count: number, concurrency: number) {
  const ids: string[] = [];
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        next += 1;
        const res = await fetch(`${app.url}/api/process-documents`, { method: 'POST', body: new Uint8Array(body), headers: { authorization: `Bearer ${app.token}`, 'content-type': contentType } });
        if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
        ids.push(((await res.json()) as { id: string }).id);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { ids, mbPerSecond: round((count * body.length) / (1024 * 1024) / seconds) };
}

async function plainCopy(file: string, dir: string, count: number) {
  let started = performance.now();
  for (let i = 0; i < count; i += 1) await copyFile(file, path.join(dir, `copy-${i}`));
  const copyFileMb = ((await import('node:fs')).statSync(file).size * count) / (1024 * 1024) / ((performance.now() - started) / 1000);
  started = performance.now();
  for (let i = 0; i < count; i += 1) await pipeline(createReadStream(file), createWriteStream(path.join(dir, `pipe-${i}`)));
  const pipeMb = ((await import('node:fs')).statSync(file).size * count) / (1024 * 1024) / ((performance.now() - started) / 1000);
  return { copyFile: round(copyFileMb), streamPipe: round(pipeMb) };
}

async function pagesPerSecond(label: string, bytes: Buffer, pages: number, runs: number) {
  await extractText('pdf', bytes, { ...DEFAULT_PROCESSING_LIMITS, readUntil: Date.now() + 600_000 }); // warm-up (module loading, OCR engine start)
  const started = performance.now();
  for (let i = 0; i < runs; i += 1) {
    const result = await extractText('pdf', bytes, { ...DEFAULT_PROCESSING_LIMITS, readUntil: Date.now() + 600_000 });
    if (!result.text) throw new Error(`${label}: no text`);
    extractFields(result.text);
  }
  const seconds = (performance.now() - started) / 1000;
  return { pagesPerSecond: round((pages * runs) / seconds, 2), msPerPage: round((seconds * 1000) / (pages * runs)) };
}

const dir = await mkdtemp(path.join(os.tmpdir(), 'fieldbook-bench-io-'));
const app = await startApp(3133);
try {
  const { bytes, body, contentType } = uploadBody(MB);
  const file = path.join(dir, 'bench.pdf');
  await writeFile(file, bytes);
  const copy = await plainCopy(file, dir, UPLOADS);
  await uploads(app, body, contentType, 2, 1); // warm-up
  const one = await uploads(app, body, contentType, UPLOADS, 1);
  const two = await uploads(app, body, contentType, UPLOADS, 2);
  for (const id of [...one.ids, ...two.ids]) await fetch(`${app.url}/api/documents/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${app.token}` } });

  const page = (i: number) => `ESTIMATE page ${i + 1}\nClient: Maria Garcia\nProperty Address: 12 Oak Street, Austin TX 78701\nClaim Number: CLM-2024-0042\n${'Replace roof decking and shingles on the north slope, 24 squares at $125.00. '.repeat(20)}\nTotal: $4,250.00`;
  const textual = await pagesPerSecond('text PDF', await textPdf(Array.from({ length: 20 }, (_, i) => page(i))), 20, 10);
  // A full page: a header and 28 priced lines, as a scanner sends it.
  const lines = ['INVOICE 2231', 'Bill To: Dana Whitfield', 'Property Address: 48 Cedar Lane, Austin TX 78704', 'Claim Number: CLM-2026-0917'];
  for (let i = 1; i <= 28; i += 1) lines.push(`${i}. Replace damaged roof decking section ${i} on the north slope   1   $${(100 + i * 7).toFixed(2)}`);
  lines.push('Total Due: $1,980.00');
  const scanned = await scannedPdf(await printedPagePng(lines));
  const ocr = await pagesPerSecond('scanned PDF (OCR)', scanned, 1, 5);
  console.log(
    JSON.stringify(
      {
        fileMb: MB,
        uploads: UPLOADS,
        uploadMbPerSecond: { oneAtATime: one.mbPerSecond, twoAtOnce: two.mbPerSecond },
        plainCopyMbPerSecond: copy,
        processingOneCore: { textPdf: textual, ocrScannedPdf: ocr },
        loadAverage: os.loadavg().map((n) => round(n)),
      },
      null,
      2,
    ),
  );
} finally {
  app.stop();
  await rm(dir, { recursive: true, force: true });
}
