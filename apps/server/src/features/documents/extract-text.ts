import type { DocumentKind } from './file-kind';

/** What processing got out of a file: its text, or why there is none. */
export type TextResult = { text: string; pages?: number } | { text: null; reason: string };

/**
 * The text of a stored file. PDFs through their text layer (unpdf, PDF.js), docx through mammoth, txt as UTF-8.
 * Images and scanned PDFs need OCR, and .doc a Word 97 reader: not built yet, said so (never an invented text).
 */
export async function extractText(kind: DocumentKind, bytes: Buffer): Promise<TextResult> {
  switch (kind) {
    case 'txt':
      return { text: bytes.toString('utf8') };
    case 'pdf': {
      const { extractText: pdfText, getDocumentProxy } = await import('unpdf');
      const pdf = await getDocumentProxy(new Uint8Array(bytes));
      const { totalPages, text } = await pdfText(pdf, { mergePages: true });
      const joined = Array.isArray(text) ? text.join('\n') : text;
      if (!joined.trim()) return { text: null, reason: 'This PDF has no text layer (a scan): text recognition is not available yet' };
      return { text: joined, pages: totalPages };
    }
    case 'docx': {
      const mammoth = await import('mammoth');
      const { value } = await mammoth.extractRawText({ buffer: bytes });
      return { text: value };
    }
    case 'doc':
      return { text: null, reason: 'Text extraction from Word 97–2003 (.doc) files is not available yet' };
    case 'jpg':
    case 'png':
      return { text: null, reason: 'Text recognition in images is not available yet' };
  }
}
