import type { ChildLimits } from '../../platform/untrusted';

/**
 * What reading one uploaded file may cost (design.md §7: heavy work runs with bounded pages, pixels, duration and
 * memory). A 15 MB PDF of 200,000 empty pages, an 875 KB PNG that claims 30,000 × 30,000 pixels or a 300-byte PDF
 * with one 8,000-point page each took gigabytes when read without bounds; these limits keep a file's reading inside
 * a child process of known size (time, heap and resident memory: ChildLimits, platform/untrusted), for a known time,
 * whatever the file claims.
 */
export type ProcessingLimits = ChildLimits & {
  /** PDFs with more pages are refused: PDF.js's cost per page grows with the page count (200,000 empty pages took
   * 6 s to open and 0.2–0.4 s per page fetched after that). */
  pdfPages: number;
  /** A PDF's text layer is read from this many pages at most… */
  textPages: number;
  /** A scanned PDF's pages are recognised up to this many. */
  ocrPages: number;
  /** Reading pages (text or OCR) starts no new page once this share of timeoutMs has passed: a long file ends with
   * what was read in time, and the rest of the time is kept for the last page and the answer. */
  readTimeShare: number;
  /** A PDF page is rendered for OCR with at most this many pixels (its scale is lowered to fit). */
  renderPixels: number;
  /** Images with more pixels than this are refused (the header says so; nothing is decoded). */
  imagePixels: number;
  /** Images with more pixels than this are scaled down to it before recognition. */
  ocrImagePixels: number;
  /** Extracted text is kept up to this many characters. */
  textChars: number;
};

export const DEFAULT_PROCESSING_LIMITS: ProcessingLimits = {
  timeoutMs: 180_000,
  heapMb: 512,
  memoryMb: 1536,
  pdfPages: 10_000,
  textPages: 500,
  ocrPages: 20,
  readTimeShare: 0.5,
  // Letter at twice 72 dpi is 1.9 million pixels; A3 is 3.9 million.
  renderPixels: 8_000_000,
  // A 50-megapixel phone photo is read.
  imagePixels: 52_000_000,
  ocrImagePixels: 16_000_000,
  textChars: 1_000_000,
};

/** The largest page PDF allows (ISO 32000: 14,400 units a side). */
export const PDF_MAX_PAGE_POINTS = 14_400;

const n = (value: number) => value.toLocaleString('en-US');

/**
 * Why a document's processing stopped (what the Document Manager shows). A limit reached throws ProcessingStopped
 * (platform/untrusted): the same file would stop the same way again, so the document fails at once, no retries. The
 * time and memory messages are the child runner's (CHILD_STOPPED).
 */
export const STOPPED = {
  givenUp: (attempts: number) =>
    `Processing stopped: ${attempts} attempts to read this file ended without a result (it may need more memory or time than processing allows)`,
  imagePixels: (width: number, height: number, limits: Pick<ProcessingLimits, 'imagePixels'>) =>
    `Processing stopped: the image is ${n(width)} × ${n(height)} pixels; images up to ${Math.round(limits.imagePixels / 1_000_000)} megapixels are read`,
  pdfPages: (pages: number, limits: Pick<ProcessingLimits, 'pdfPages'>) =>
    `Processing stopped: this PDF has ${n(pages)} pages; PDFs of up to ${n(limits.pdfPages)} pages are read`,
  pageSize: (page: number, width: number, height: number) =>
    `Processing stopped: page ${page} is ${n(Math.round(width))} × ${n(Math.round(height))} points, larger than a PDF page can be (${n(PDF_MAX_PAGE_POINTS)} a side)`,
};
