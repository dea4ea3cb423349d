import PDFDocument from 'pdfkit';
import { usePdfFonts } from './pdf-fonts';
import { writePageFooters } from './pdf-footer';

export { PDF_FONT } from './pdf-fonts';

/**
 * A US-letter PDF we write (generated documents, signed quotes): pages buffered for the footers, the bottom margin
 * leaving room for them, the Unicode fonts registered (pdf-fonts.ts: draw with PDF_FONT's names, never Helvetica).
 * Draw on `doc` (`width` is the text width inside the margins), then `finish` writes every
 * page's footer and resolves to the file's bytes.
 */
export function startLetterPdf(o: { title: string; author: string; margin: number; footerColor: string }) {
  const { margin } = o;
  const doc = new PDFDocument({ size: 'LETTER', margins: { top: margin, bottom: margin + 18, left: margin, right: margin }, bufferPages: true, info: { Title: o.title, Author: o.author } });
  usePdfFonts(doc);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', resolve);
    doc.on('error', reject);
  });
  return {
    doc,
    width: doc.page.width - 2 * margin,
    async finish(footer: string): Promise<Buffer> {
      writePageFooters(doc, footer, { margin, color: o.footerColor });
      doc.end();
      await ended;
      return Buffer.concat(chunks);
    },
  };
}
