import { PDF_FONT, startLetterPdf } from '../../../platform/pdf-document';

/** What a generated document says, in the order a reader meets it; templates.ts fills it per document type. */
export type PdfContent = {
  /** 'INVOICE', 'ESTIMATE', … */
  title: string;
  /** The document's number, e.g. INV-20261125-4F3A. */
  number: string;
  issuedOn: string;
  /** The contractor: the workspace's name. */
  company: string;
  /** Labelled blocks under the header: Client, Property, Claim … (empty lines are left out). */
  parties: { label: string; lines: (string | null | undefined)[] }[];
  /** Priced lines; a null price shows as a dash and leaves the total "to be priced". */
  table?: { columns: [string, string, string, string]; rows: [string, string, string, string][]; totals: [string, string][] };
  sections: { heading: string; paragraphs: string[] }[];
  /** One signature line per label (Contractor, Client, …), with a date line beside each. */
  signatures: string[];
};

const MARGIN = 54;
const INK = '#1d2125';
const MUTED = '#5c636a';
const RULE = '#ced4da';
const ACCENT = '#1c7ed6';

/** Renders `content` as a US-letter PDF: header, parties, table with totals, sections, signatures, page numbers. */
export async function writePdf(content: PdfContent): Promise<Buffer> {
  const { doc, width, finish } = startLetterPdf({ title: `${content.title} ${content.number}`, author: content.company, margin: MARGIN, footerColor: MUTED });

  header(doc, content, width);
  parties(doc, content.parties, width);
  if (content.table) table(doc, content.table, width);
  for (const section of content.sections) {
    keepRoom(doc, 60);
    doc.moveDown(0.8).font(PDF_FONT.bold).fontSize(11).fillColor(INK).text(section.heading, MARGIN);
    doc.moveDown(0.3).font(PDF_FONT.regular).fontSize(10).fillColor(INK);
    for (const p of section.paragraphs) doc.text(p, MARGIN, doc.y, { width, align: 'left' }).moveDown(0.4);
  }
  signatures(doc, content.signatures, width);
  return finish(`${content.title} ${content.number} · ${content.company}`);
}

function header(doc: PDFKit.PDFDocument, content: PdfContent, width: number) {
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(INK).text(content.company, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font(PDF_FONT.bold).fontSize(20).fillColor(ACCENT).text(content.title, MARGIN, MARGIN, { width, align: 'right' });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`No. ${content.number}`, { width, align: 'right' }).text(`Date: ${content.issuedOn}`, { width, align: 'right' });
  const y = Math.max(doc.y, MARGIN + 40) + 8;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y = y + 12;
}

function parties(doc: PDFKit.PDFDocument, blocks: PdfContent['parties'], width: number) {
  const shown = blocks.map((b) => ({ label: b.label, lines: b.lines.filter((l): l is string => Boolean(l && l.trim())) })).filter((b) => b.lines.length);
  const columns = Math.min(3, shown.length) || 1;
  const colWidth = width / columns;
  for (let start = 0; start < shown.length; start += columns) {
    const top = doc.y;
    let bottom = top;
    shown.slice(start, start + columns).forEach((block, i) => {
      const x = MARGIN + i * colWidth;
      doc.font(PDF_FONT.bold).fontSize(8).fillColor(MUTED).text(block.label.toUpperCase(), x, top, { width: colWidth - 12, characterSpacing: 0.5 });
      doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK);
      for (const line of block.lines) doc.text(line, x, doc.y, { width: colWidth - 12 });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 10;
  }
}

function table(doc: PDFKit.PDFDocument, data: NonNullable<PdfContent['table']>, width: number) {
  // Description takes what the three numeric columns leave.
  const widths = [width - 3 * 85, 85, 85, 85];
  const xs = widths.map((_, i) => MARGIN + widths.slice(0, i).reduce((a, b) => a + b, 0));
  const row = (cells: string[], opts: { bold?: boolean; fill?: string } = {}) => {
    doc.font(opts.bold ? PDF_FONT.bold : PDF_FONT.regular).fontSize(10);
    const height = Math.max(...cells.map((c, i) => doc.heightOfString(c, { width: widths[i]! - 10 }))) + 8;
    keepRoom(doc, height);
    const top = doc.y;
    if (opts.fill) doc.rect(MARGIN, top, width, height).fill(opts.fill);
    cells.forEach((cell, i) => doc.fillColor(INK).text(cell, xs[i]! + 5, top + 4, { width: widths[i]! - 10, align: i === 0 ? 'left' : 'right' }));
    doc.moveTo(MARGIN, top + height).lineTo(MARGIN + width, top + height).lineWidth(0.5).strokeColor(RULE).stroke();
    doc.y = top + height;
  };
  doc.moveDown(0.5);
  row(data.columns, { bold: true, fill: '#e7f5ff' });
  for (const r of data.rows) row(r);
  doc.moveDown(0.4);
  for (const [label, value] of data.totals) {
    keepRoom(doc, 18);
    const top = doc.y;
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(INK).text(label, xs[2]! - 85, top, { width: 165, align: 'right' });
    doc.text(value, xs[3]! + 5, top, { width: widths[3]! - 10, align: 'right' });
    doc.y = top + 16;
  }
}

function signatures(doc: PDFKit.PDFDocument, labels: string[], width: number) {
  if (labels.length === 0) return;
  keepRoom(doc, 70 * Math.ceil(labels.length / 2));
  doc.moveDown(1.5);
  const half = (width - 24) / 2;
  for (let i = 0; i < labels.length; i += 1) {
    const top = doc.y + 28;
    const lineY = top;
    doc.moveTo(MARGIN, lineY).lineTo(MARGIN + half, lineY).lineWidth(0.7).strokeColor(INK).stroke();
    doc.moveTo(MARGIN + half + 24, lineY).lineTo(MARGIN + width, lineY).stroke();
    doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`${labels[i]} signature`, MARGIN, lineY + 4, { width: half });
    doc.text('Date', MARGIN + half + 24, lineY + 4, { width: half });
    doc.y = lineY + 20;
  }
}

/** Starts a new page when less than `height` points are left above the bottom margin. */
function keepRoom(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

