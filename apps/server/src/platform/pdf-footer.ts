import { PDF_FONT } from './pdf-fonts';

/**
 * The footer of every page of a PDF we write (generated documents, signed quotes): what it is on the left, "Page i of
 * n" on the right, small and muted. Call it once all pages exist, on a document made with `bufferPages: true`.
 */
export function writePageFooters(doc: PDFKit.PDFDocument, left: string, style: { margin: number; color: string }): void {
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i += 1) {
    doc.switchToPage(range.start + i);
    // Writing inside the bottom margin would start a new page; lift the margin while the footer is written.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    const y = doc.page.height - style.margin;
    doc
      .font(PDF_FONT.regular)
      .fontSize(8)
      .fillColor(style.color)
      .text(left, style.margin, y, { width: 300, lineBreak: false })
      .text(`Page ${i + 1} of ${range.count}`, doc.page.width - style.margin - 100, y, { width: 100, align: 'right', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
}
