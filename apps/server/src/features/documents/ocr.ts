import eng from '@tesseract.js-data/eng';
import type { Worker } from 'tesseract.js';
import type { PDFDocumentProxy } from 'unpdf/pdfjs';
import { imageSize, ProcessingStopped } from '../../platform/untrusted/child';
import { PDF_MAX_PAGE_POINTS, STOPPED, type ProcessingLimits } from './processing-limits';

/** Shown with the extracted text, so a reader knows a machine read it (and how well: the confidence). */
export const OCR_ENGINE = 'tesseract.js (English)';

/**
 * The OCR engine (~100 MB) is started on first use. It lives in the processing child (extract-worker.ts), which exits
 * once its file is read: nothing stays in the server.
 */
let worker: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function engine(): Promise<Worker> {
  // English LSTM model from @tesseract.js-data/eng, read from node_modules: nothing is downloaded.
  worker ??= import('tesseract.js').then(({ createWorker, OEM }) =>
    createWorker('eng', OEM.LSTM_ONLY, { langPath: eng.langPath, gzip: eng.gzip, cacheMethod: 'none', errorHandler: () => undefined }),
  );
  return worker;
}

/**
 * The text of an image (PNG or JPEG) by tesseract.js, offline, with its mean word confidence (0–100). One image at
 * a time: the engine is single-threaded, and a queue keeps two documents' pages from interleaving.
 */
export function recogniseImage(image: Buffer): Promise<{ text: string; confidence: number }> {
  const run = queue.then(async () => {
    const { data } = await (await engine()).recognize(image);
    return { text: data.text, confidence: data.confidence };
  });
  queue = run.catch(() => undefined);
  return run;
}

/**
 * A PDF page as a PNG for OCR (PDF.js drawing on @napi-rs/canvas), at twice the PDF's 72 dpi — enough for tesseract
 * on ordinary print — or less: the scale is lowered so the page has at most `renderPixels` pixels (an 8,000-point
 * page at scale 2 is 256 million pixels, a gigabyte of canvas, then as much again inside the OCR engine). A page
 * larger than PDF allows is refused.
 */
export async function renderPdfPage(pdf: PDFDocumentProxy, pageNumber: number, limits: Pick<ProcessingLimits, 'renderPixels'>): Promise<Buffer> {
  nodeCompat();
  const page = await pdf.getPage(pageNumber);
  const { width, height } = page.getViewport({ scale: 1 });
  if (!(width <= PDF_MAX_PAGE_POINTS && height <= PDF_MAX_PAGE_POINTS)) throw new ProcessingStopped(STOPPED.pageSize(pageNumber, width, height));
  const scale = Math.min(2, Math.sqrt(limits.renderPixels / Math.max(width * height, 1)));
  const { renderPageAsImage } = await import('unpdf');
  return Buffer.from(await renderPageAsImage(pdf, pageNumber, { canvasImport: () => import('@napi-rs/canvas'), scale }));
}

/**
 * An uploaded image made safe to recognise: its size is read from its header first — over `imagePixels` it is
 * refused before anything decodes it —, and one over `ocrImagePixels` is scaled down to that (text stays readable:
 * 16 million pixels is a page at 400 dpi). A header that cannot be read is passed on: the engine then says the
 * image is damaged.
 */
export async function fitImageForOcr(kind: 'png' | 'jpg', image: Buffer, limits: Pick<ProcessingLimits, 'imagePixels' | 'ocrImagePixels'>): Promise<Buffer> {
  const size = imageSize(kind, image);
  if (!size) return image;
  const pixels = size.width * size.height;
  if (pixels > limits.imagePixels) throw new ProcessingStopped(STOPPED.imagePixels(size.width, size.height, limits));
  if (pixels <= limits.ocrImagePixels) return image;
  const { createCanvas, loadImage } = await import('@napi-rs/canvas');
  const decoded = await loadImage(image);
  const scale = Math.sqrt(limits.ocrImagePixels / pixels);
  const canvas = createCanvas(Math.max(1, Math.floor(size.width * scale)), Math.max(1, Math.floor(size.height * scale)));
  canvas.getContext('2d').drawImage(decoded, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
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
