import { fileTypeFromBuffer } from 'file-type';
import type { FileKinds } from '../../platform/uploads';

/** The upload types of spec 001 §5, as recognised from their bytes, with the content type they are served with. */
export const DOCUMENT_KINDS = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  jpg: 'image/jpeg',
  png: 'image/png',
  txt: 'text/plain; charset=utf-8',
} as const;
export type DocumentKind = keyof typeof DOCUMENT_KINDS;

export const UNSUPPORTED_TYPE_MESSAGE = 'Unsupported file type: upload a PDF, Word document (doc, docx), JPEG or PNG image, or plain text file';

/** How much of the start of a file type detection may read (a docx names its word/ parts within it). */
const SAMPLE_BYTES = 256 * 1024;
/** The name of the main stream of a Word 97–2003 file inside its compound-file container, in UTF-16LE. */
const WORD_STREAM = Buffer.from('WordDocument', 'utf16le');

/**
 * Recognises an upload by the start of its content: the kind, or null for anything else — an executable renamed
 * .pdf included. The file name plays no part. A .doc is a compound file that holds a WordDocument stream (an .msi or
 * .xls is a compound file too); plain text is valid UTF-8 without NUL or other control bytes.
 */
export async function recogniseDocument(sample: Buffer): Promise<DocumentKind | null> {
  const detected = (await fileTypeFromBuffer(sample))?.ext;
  if (detected === 'pdf' || detected === 'docx' || detected === 'jpg' || detected === 'png') return detected;
  if (detected === 'cfb' && sample.includes(WORD_STREAM)) return 'doc';
  if (detected === undefined && isUtf8Text(sample)) return 'txt';
  return null;
}

/** The documents upload's kinds, for the upload path (platform/uploads). */
export const documentKinds: FileKinds<DocumentKind> = { headBytes: SAMPLE_BYTES, recognise: recogniseDocument, types: DOCUMENT_KINDS, unsupported: UNSUPPORTED_TYPE_MESSAGE };

export function isUtf8Text(sample: Buffer): boolean {
  if (sample.length === 0 || sample.includes(0)) return false;
  // A sample may end inside a multi-byte character: leave up to three trailing bytes out of the check.
  for (let cut = 0; cut <= Math.min(3, sample.length - 1); cut++) {
    try {
      new TextDecoder('utf-8', { fatal: true }).decode(sample.subarray(0, sample.length - cut));
      return !hasControlBytes(sample.subarray(0, 8192));
    } catch {
      // try a shorter prefix
    }
  }
  return false;
}

/** Bytes a text file does not hold: C0 controls other than tab, line feed, vertical tab, form feed, carriage return; and DEL. */
function hasControlBytes(bytes: Buffer): boolean {
  return bytes.some((b) => (b < 0x09 || (b > 0x0d && b < 0x20) || b === 0x7f) && b !== 0x1b);
}
