import eng from '@tesseract.js-data/eng';
import type { Worker } from 'tesseract.js';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';

/** Shown with the extracted text, so a reader knows a machine read it (and how well: the confidence). */
export const OCR_ENGINE = 'tesseract.js (English)';

/** The OCR engine is started on first use and stopped after this long without work (it holds ~100 MB). */
const IDLE_STOP_MS = 60_000;
/** Scanned PDFs: at most this many pages are recognised (a page takes a few seconds on one core). */
export const OCR_MAX_PAGES = 20;

let worker: Promise<Worker> | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let queue: Promise<unknown> = Promise.resolve();

function engine(): Promise<Worker> {
  // English LSTM model from @tesseract.js-data/eng, read from node_modules: nothing is downloaded.
  worker ??= import('tesseract.js').then(({ createWorker, OEM }) =>
    createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', errorHandler: () => undefined }),
  );
  return worker;
}

function scheduleStop() {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void stopOcr(), IDLE_STOP_MS);
  idleTimer.unref();
}

export async function stopOcr(): Promise<void> {
  clearTimeout(idleTimer);
  const running = worker;
  worker = null;
  if (running) await (await running).terminate();
}

/**
 * The text of an image (PNG or JPEG) by tesseract.js, offline, with its mean word confidence (0–100). One image at
 * a time: the engine is single-threaded, and a queue keeps two documents' pages from interleaving.
 */
export function recogniseImage(image: Buffer): Promise<{ text: string; confidence: number }> {
  const run = queue.then(async () => {
    clearTimeout(idleTimer);
    try {
      const { data } = await (await engine()).recognize(image);
      return { text: data.text, confidence: data.confidence };
    } finally {
      scheduleStop();
    }
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A PDF page as a PNG for OCR (PDF.js drawing on @napi-rs/canvas), at twice the PDF's 72 dpi — enough for
 * tesseract on ordinary print.
 */
export async function renderPdfPage(pdf: PDFDocumentProxy, page: number): Promise<Buffer> {
  nodeCompat();
  const { renderPageAsImage } = await import('unpdf');
  return Buffer.from(await renderPageAsImage(pdf, page, { canvasImport: () => import('@napi-rs/canvas'), scale: 2 }));
}

/**
 * PDF.js draws with ArrayBuffer.prototype.transferToFixedLength, which Node gained in 21; this product runs on
 * Node 20. A copy has the same contents (PDF.js does not rely on the source being detached).
 */
function nodeCompat() {
  const proto = ArrayBuffer.prototype as unknown as { transferToFixedLength?: (length?: number) => ArrayBuffer };
  if (proto.transferToFixedLength) return;
  proto.transferToFixedLength = function (this: ArrayBuffer, length?: number) {
    const size = length ?? this.byteLength;
    const copy = new ArrayBuffer(size);
    new Uint8Array(copy).set(new Uint8Array(this, 0, Math.min(size, this.byteLength)));
    return copy;
  };
}
