import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/**
 * The fonts of every PDF we write (generated documents, signed quotes, later invoices and reports): DejaVu Sans from
 * the `dejavu-fonts-ttf` package, embedded (subset) in the file. pdfkit's built-in Helvetica knows only WinAnsi, so a
 * client named "Łukasz Żółć", "Nguyễn Thị Hương" or "Αλέξανδρος" came out garbled; DejaVu covers Latin, Vietnamese,
 * Greek and Cyrillic (issue 32 item 10). Draw with these names: `doc.font(PDF_FONT.bold)`.
 */
export const PDF_FONT = { regular: 'Body', bold: 'Body-Bold', mono: 'Mono' } as const;

const FILES: Record<(typeof PDF_FONT)[keyof typeof PDF_FONT], string> = {
  Body: 'DejaVuSans.ttf',
  'Body-Bold': 'DejaVuSans-Bold.ttf',
  Mono: 'DejaVuSansMono.ttf',
};

const require = createRequire(import.meta.url);
let loaded: [string, Buffer][] | undefined;

/** Read once per process (about 1.4 MB together); each document embeds only the glyphs it uses. */
function fontFiles(): [string, Buffer][] {
  loaded ??= Object.entries(FILES).map(([name, file]) => [name, readFileSync(require.resolve(`dejavu-fonts-ttf/ttf/${file}`))]);
  return loaded;
}

/** Registers the fonts on a new document and makes the regular one current. */
export function usePdfFonts(doc: PDFKit.PDFDocument): void {
  for (const [name, data] of fontFiles()) doc.registerFont(name, data);
  doc.font(PDF_FONT.regular);
}
