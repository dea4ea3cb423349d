import { PDF_FONT } from './pdf-fonts';

/**
 * A table of rows for the PDFs we write (invoices, receipts): the first column takes what the others leave, the rest
 * are right-aligned; a row that does not fit moves to a new page. Draw with `row(cells, { bold, fill })`.
 */
export function pdfTable(doc: PDFKit.PDFDocument, o: { left: number; width: number; columns: number[]; ink: string; rule: string }) {
  const widths = [o.width - o.columns.reduce((a, b) => a + b, 0), ...o.columns];
  const xs = widths.map((_, i) => o.left + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const keepRoom = (height: number) => {
    if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
  };
  const row = (cells: string[], style: { bold?: boolean; fill?: string } = {}) => {
    doc.font(style.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(10);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 10 }))) + 8;
    keepRoom(height);
    const top = doc.y;
    if (style.fill) doc.rect(o.left, top, o.width, height).fill(style.fill);
    cells.forEach((cell, i) => doc.fillColor(o.ink).text(cell, xs[i]! + 5, top + 4, { width: widths[i]! - 10, align: i === 0 ? 'left' : 'right' }));
    doc.moveTo(o.left, top + height).lineTo(o.left + o.width, top + height).lineWidth(0.5).strokeColor(o.rule).stroke();
    doc.y = top + height;
  };
  return { widths, xs, row, keepRoom };
}
