import { describe, expect, it } from 'vitest';
import { writePdf } from './pdf-writer';

/** Names in PDFs (issue 32 item 10): any script a client's or contractor's name is written in comes out as written. */
const NAMES = ['Łukasz Żółć', 'Nguyễn Thị Hương', 'Αλέξανδρος Παπαδόπουλος', 'Дмитрий Иванов', 'José Müller-Ødegård'];

async function pdfText(bytes: Buffer): Promise<string> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
  return text;
}

describe('generated PDFs', () => {
  it('print names in Polish, Vietnamese, Greek and Cyrillic with an embedded Unicode font, in regular and bold text', async () => {
    const pdf = await writePdf({
      title: 'INVOICE',
      number: 'INV-1',
      issuedOn: '2026-12-05',
      company: NAMES[0]!, // the header: bold
      parties: [{ label: 'Client', lines: NAMES }],
      table: { columns: ['Item', 'Qty', 'Price', 'Total'], rows: [[`Roof for ${NAMES[1]}`, '1', '$10.00', '$10.00']], totals: [['Total', '$10.00']] },
      sections: [{ heading: NAMES[2]!, paragraphs: [`Signed by ${NAMES[3]}`] }],
      signatures: ['Contractor'],
    });
    const text = await pdfText(pdf);
    for (const name of NAMES) expect(text).toContain(name);
    // The font travels with the file: a reader without DejaVu installed shows the same glyphs.
    expect(pdf.toString('latin1')).toMatch(/\/FontFile2/);
    expect(pdf.toString('latin1')).not.toMatch(/\/BaseFont \/Helvetica/);
  });
});
