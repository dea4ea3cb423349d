import type { DocumentKind } from './file-kind';
import { fitImageForOcr, OCR_ENGINE, recogniseImage, renderPdfPage } from './ocr';
import { ProcessingStopped } from '../../platform/untrusted/child';
import { STOPPED, type ProcessingLimits } from './processing-limits';

/** How the text was read when it came from OCR: the engine, pages recognised, mean word confidence (0–100). */
export type OcrInfo = { engine: string; pages: number; confidence: number };
/** What processing got out of a file: its text, or why there is none. */
export type TextResult = { text: string; pages?: number; ocr?: OcrInfo } | { text: null; reason: string; ocr?: OcrInfo };

type ReadLimits = Pick<ProcessingLimits, 'pdfPages' | 'textPages' | 'ocrPages' | 'renderPixels' | 'imagePixels' | 'ocrImagePixels' | 'textChars'> & {
  /** No new page is read after this time (ms since the epoch). */
  readUntil: number;
};

/**
 * The text of a stored file: PDFs through their text layer (unpdf, PDF.js) or, for scans, OCR of each rendered
 * page; images through OCR (tesseract.js, English, offline); docx through mammoth; .doc through word-extractor;
 * txt as UTF-8. A file with no readable text says why (never an invented text). Runs in the processing child
 * (extract-worker.ts) within `limits`: a file over one either reads less (pages, text, a scaled image) and says so,
 * or throws ProcessingStopped.
 */
export async function extractText(kind: DocumentKind, bytes: Buffer, limits: ReadLimits): Promise<TextResult> {
  const result = await readText(kind, bytes, limits);
  if (result.text === null || result.text.length <= limits.textChars) return result;
  return { ...result, text: `${result.text.slice(0, limits.textChars)}\n[The text was cut at ${limits.textChars.toLocaleString('en-US')} characters]` };
}

async function readText(kind: DocumentKind, bytes: Buffer, limits: ReadLimits): Promise<TextResult> {
  switch (kind) {
    case 'txt':
      // A character is at most 4 bytes in UTF-8: no need to decode more than that.
      return { text: bytes.subarray(0, limits.textChars * 4).toString('utf8') };
    case 'pdf':
      return pdfText(bytes, limits);
    case 'docx': {
      const mammoth = await import('mammoth');
      const { value } = await mammoth.extractRawText({ buffer: bytes });
      return { text: value };
    }
    case 'doc': {
      const { default: WordExtractor } = await import('word-extractor');
      const doc = await new WordExtractor().extract(bytes);
      return { text: [doc.getHeaders({ includeFooters: true }), doc.getBody(), doc.getFootnotes()].filter((t) => t.trim()).join('\n') };
    }
    case 'jpg':
    case 'png': {
      // Over the pixel limit: refused before decoding (ProcessingStopped is not caught here).
      const image = await fitImageForOcr(kind, bytes, limits);
      // A damaged image fails the same way every time: say so instead of retrying it.
      const read = await recogniseImage(image).catch(() => null);
      if (!read) return { text: null, reason: 'This image could not be read: it may be damaged' };
      const { text, confidence } = read;
      const ocr = { engine: OCR_ENGINE, pages: 1, confidence: Math.round(confidence) };
      return text.trim() ? { text, ocr } : { text: null, reason: 'No text was recognised in this image', ocr };
    }
  }
}

async function pdfText(bytes: Buffer, limits: ReadLimits): Promise<TextResult> {
  const { getDocumentProxy } = await import('unpdf');
  // No scripts, and no embedded image decoded beyond the pixel limit (PDF.js skips it).
  const pdf = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, maxImageSize: limits.imagePixels });
  const totalPages = pdf.numPages;
  if (totalPages > limits.pdfPages) throw new ProcessingStopped(STOPPED.pdfPages(totalPages, limits));
  const most = Math.min(totalPages, limits.textPages);
  const texts: string[] = [];
  while (texts.length < most && (texts.length === 0 || Date.now() < limits.readUntil)) {
    const page = await pdf.getPage(texts.length + 1);
    const content = await page.getTextContent();
    texts.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''));
    page.cleanup();
  }
  // As unpdf's extractText({ mergePages: true }) joins them.
  const joined = texts.join('\n').replace(/[^\S\n]+/g, ' ').replace(/ ?\n ?/g, '\n').replace(/\n{3,}/g, '\n\n');
  if (joined.trim()) {
    const why = texts.length < most ? 'reading has a time limit' : `text is read from the first ${limits.textPages} pages`;
    const cut = totalPages > texts.length ? `\n[Pages ${texts.length + 1}–${totalPages} were not read: ${why}]` : '';
    return { text: joined + cut, pages: totalPages };
  }
  // No text layer: a scan. Each page is rendered and recognised, up to ocrPages and while time is left.
  const ocrMost = Math.min(totalPages, limits.ocrPages);
  const recognised: string[] = [];
  let confidence = 0;
  let read = 0;
  while (read < ocrMost && (read === 0 || Date.now() < limits.readUntil)) {
    const result = await recogniseImage(await renderPdfPage(pdf, read + 1, limits));
    recognised.push(result.text);
    confidence += result.confidence;
    read += 1;
  }
  const ocr = { engine: OCR_ENGINE, pages: read, confidence: Math.round(confidence / Math.max(read, 1)) };
  const text = recognised.join('\n').trim();
  if (!text) return { text: null, reason: 'This PDF has no text layer and no text was recognised in its pages', ocr };
  const why = read < ocrMost ? 'text recognition has a time limit' : `text recognition stops after ${limits.ocrPages} pages`;
  const cut = totalPages > read ? `\n[Pages ${read + 1}–${totalPages} were not read: ${why}]` : '';
  return { text: text + cut, pages: totalPages, ocr };
}
