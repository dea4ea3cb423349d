import type { DocumentKind } from './file-kind';
import { OCR_ENGINE, OCR_MAX_PAGES, recogniseImage, renderPdfPage } from './ocr';

/** How the text was read when it came from OCR: the engine, pages recognised, mean word confidence (0–100). */
export type OcrInfo = { engine: string; pages: number; confidence: number };
/** What processing got out of a file: its text, or why there is none. */
export type TextResult = { text: string; pages?: number; ocr?: OcrInfo } | { text: null; reason: string; ocr?: OcrInfo };

/**
 * The text of a stored file: PDFs through their text layer (unpdf, PDF.js) or, for scans, OCR of each rendered
 * page; images through OCR (tesseract.js, English, offline); docx through mammoth; .doc through word-extractor;
 * txt as UTF-8. A file with no readable text says why (never an invented text).
 */
export async function extractText(kind: DocumentKind, bytes: Buffer): Promise<TextResult> {
  switch (kind) {
    case 'txt':
      return { text: bytes.toString('utf8') };
    case 'pdf':
      return pdfText(bytes);
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
      // A damaged image fails the same way every time: say so instead of retrying it.
      const read = await recogniseImage(bytes).catch(() => null);
      if (!read) return { text: null, reason: 'This image could not be read: it may be damaged' };
      const { text, confidence } = read;
      const ocr = { engine: OCR_ENGINE, pages: 1, confidence: Math.round(confidence) };
      return text.trim() ? { text, ocr } : { text: null, reason: 'No text was recognised in this image', ocr };
    }
  }
}

async function pdfText(bytes: Buffer): Promise<TextResult> {
  const { extractText: readLayer, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await readLayer(pdf, { mergePages: true });
  const joined = Array.isArray(text) ? text.join('\n') : text;
  if (joined.trim()) return { text: joined, pages: totalPages };
  // No text layer: a scan. Each page is rendered and recognised (up to OCR_MAX_PAGES).
  const pages = Math.min(totalPages, OCR_MAX_PAGES);
  const texts: string[] = [];
  let confidence = 0;
  for (let page = 1; page <= pages; page += 1) {
    const result = await recogniseImage(await renderPdfPage(pdf, page));
    texts.push(result.text);
    confidence += result.confidence;
  }
  const ocr = { engine: OCR_ENGINE, pages, confidence: Math.round(confidence / Math.max(pages, 1)) };
  const recognised = texts.join('\n').trim();
  if (!recognised) return { text: null, reason: 'This PDF has no text layer and no text was recognised in its pages', ocr };
  const cut = totalPages > pages ? `\n[Pages ${pages + 1}–${totalPages} were not read: text recognition stops after ${OCR_MAX_PAGES} pages]` : '';
  return { text: recognised + cut, pages: totalPages, ocr };
}
