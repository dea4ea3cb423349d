import PDFDocument from 'pdfkit';

/** A real PDF with a text layer (pdfkit), one page per entry. */
export async function textPdf(pages: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  pages.forEach((text, i) => {
    if (i > 0) doc.addPage();
    doc.fontSize(12).text(text);
  });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A printed page as a phone photographs it: black text on white, 150 dpi-like, as a PNG (@napi-rs/canvas). */
export async function printedPagePng(lines: string[]): Promise<Buffer> {
  const { createCanvas } = await import('@napi-rs/canvas');
  const canvas = createCanvas(1275, 120 + lines.length * 60);
  const g = canvas.getContext('2d');
  g.fillStyle = '#ffffff';
  g.fillRect(0, 0, canvas.width, canvas.height);
  g.fillStyle = '#111111';
  g.font = '32px sans-serif';
  lines.forEach((line, i) => g.fillText(line, 80, 100 + i * 60));
  return canvas.toBuffer('image/png');
}

/** A scanner's PDF: one page that is only an image, no text layer. */
export async function scannedPdf(png: Buffer): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'LETTER', margin: 36 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  doc.image(png, 36, 36, { width: 540 });
  doc.end();
  await done;
  return Buffer.concat(chunks);
}

/** A Word document (.docx, Office Open XML) with one paragraph per line, as Word writes the minimum of one. */
export async function docxFile(lines: string[]): Promise<Buffer> {
  const { default: JSZip } = await import('jszip');
  const escape = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  const zip = new JSZip();
  zip.file(
    '[Content_Types].xml',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    '_rels/.rels',
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const paragraphs = lines.map((l) => `<w:p><w:r><w:t xml:space="preserve">${escape(l)}</w:t></w:r></w:p>`).join('');
  zip.file('word/document.xml', `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${paragraphs}</w:body></w:document>`);
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** The invoice text the processing tests expect fields from. */
export const INVOICE_TEXT = `INVOICE #1042
Ridge Line Roofing
Bill To: Maria Garcia
Property Address: 12 Oak Street, Austin TX 78701
Claim Number: CLM-2024-0042
Date: 11/20/2026

Tear-off and disposal   1   $1,800.00
Architectural shingles  24  $2,160.00
Subtotal: $3,960.00
Total Due: $4,250.00
Payment due within 30 days.`;
