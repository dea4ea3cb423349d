import { formatCents, includedLines, MANUAL_APPROVAL_METHOD_LABELS, type PublicQuote } from '@fieldbook/contract';
import { PDF_FONT, startLetterPdf } from '../../platform/pdf-document';
import { pdfTable } from '../../platform/pdf-table';
import type { ApprovedSnapshot } from './approved-snapshot';
import type { ApprovalRow, QuoteRow } from './quotes.service';

/**
 * What the signed PDF says: what was approved (the approval's snapshot, fingerprinted: content, company, job,
 * selection, totals), the approval's audit facts, the quote's sent and first-opened times (fixed once it was
 * approved), and the signature as the server re-wrote it (signature.ts) — never the quote, job or workspace as they
 * are when the PDF is written.
 */
export type SignedQuoteFacts = {
  approved: ApprovedSnapshot;
  quote: Pick<QuoteRow, 'id' | 'firstSentAt' | 'sentAt' | 'viewedAt'>;
  approval: Pick<ApprovalRow, 'signerName' | 'approvedAt' | 'consent' | 'ipAddress' | 'userAgent' | 'fingerprint'>;
  /** The drawn signature; null for an approval marked by hand (the snapshot's `by_hand` says how instead). */
  signature: Buffer | null;
};

/**
 * "Approved by hand by <member> on <date> — <method>: <note>" for an approval a member recorded (issue 32 item 9),
 * or null for one signed on the page.
 */
export function byHandLine(f: Pick<SignedQuoteFacts, 'approved' | 'approval'>): string | null {
  const byHand = f.approved.by_hand;
  if (!byHand) return null;
  const how = MANUAL_APPROVAL_METHOD_LABELS[byHand.method];
  return `Approved by hand by ${byHand.recorded_by} on ${f.approval.approvedAt.toISOString().slice(0, 10)} — ${byHand.note ? `${how}: ${byHand.note}` : how}`;
}

const MARGIN = 54;
const INK = '#1d2125';
const MUTED = '#5c636a';
const RULE = '#ced4da';
const ACCENT = '#1c7ed6';

/** The quotes' line table (item, quantity, price, total): the signed and the unsigned PDF draw the same one. */
function lineTable(doc: PDFKit.PDFDocument, width: number) {
  const table = pdfTable(doc, { left: MARGIN, width, columns: [80, 80, 80], ink: INK, rule: RULE });
  return { ...table, row: (cells: string[], bold = false, fill?: string) => table.row(cells, { bold, fill }) };
}

/** The quote as approved: the chosen option's and ticked lines only, as they were shown (amounts included). */
function approvedLines(f: SignedQuoteFacts) {
  const { quote, selection } = f.approved;
  const lines = quote.items.map((i) => ({ ...i, quantityMilli: Math.round(i.quantity * 1000), unitPriceCents: i.unit_price_cents }));
  return includedLines(lines, { option: selection.option, optionalIds: selection.optional_item_ids });
}

/** Everything the signed PDF says, as plain text (the document's extracted text: search and the assistant read it). */
export function signedQuoteText(f: SignedQuoteFacts): string {
  const { quote, selection, totals } = f.approved;
  return [
    `APPROVED QUOTE ${quote.number} (revision ${quote.revision})`,
    quote.company,
    quote.title,
    quote.job.client_name,
    quote.job.property_address,
    selection.option_name ? `Option: ${selection.option_name}` : null,
    ...approvedLines(f).map((l) => `${l.name} ${l.quantity} ${l.unit} ${formatCents(l.unit_price_cents)} ${formatCents(l.line_total_cents)}`),
    `Subtotal ${formatCents(totals.subtotal_cents)}`,
    `Total ${formatCents(totals.total_cents)}`,
    `Deposit due ${formatCents(totals.deposit_cents)}`,
    byHandLine(f) ?? `Signed by ${f.approval.signerName} at ${f.approval.approvedAt.toISOString()} from ${f.approval.ipAddress ?? 'unknown'}`,
    f.approved.by_hand ? `Approved by ${f.approval.signerName}` : null,
    `SHA-256 ${f.approval.fingerprint}`,
  ]
    .filter(Boolean)
    .join('\n');
}

/** The signed PDF (issue 27): the quote as approved, the signature, and an audit-trail page. */
export async function writeSignedQuotePdf(f: SignedQuoteFacts): Promise<Buffer> {
  const { approval } = f;
  const { quote, selection, totals } = f.approved;
  const { doc, width, finish } = startLetterPdf({ title: `Approved quote ${quote.number}`, author: quote.company, margin: MARGIN, footerColor: MUTED });

  // Header
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(INK).text(quote.company, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font(PDF_FONT.bold).fontSize(18).fillColor(ACCENT).text('APPROVED QUOTE', MARGIN, MARGIN, { width, align: 'right' });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`No. ${quote.number} · revision ${quote.revision}`, { width, align: 'right' });
  doc.text(`Approved: ${approval.approvedAt.toISOString().slice(0, 10)}`, { width, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 40) + 8;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y = y + 12;
  doc.font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(quote.title, MARGIN);
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK);
  const { job } = quote;
  for (const line of [job.client_name && `Client: ${job.client_name}`, job.property_address && `Property: ${job.property_address}`, job.title && `Job: ${job.title}`]) if (line) doc.text(line);
  if (selection.option_name) doc.moveDown(0.3).font(PDF_FONT.bold).text(`Option chosen: ${selection.option_name}`);

  // Lines, by section
  const { widths, xs, row, keepRoom } = lineTable(doc, width);
  doc.moveDown(0.8);
  row(['Item', 'Quantity', 'Unit price', 'Amount'], true, '#e7f5ff');
  let section: string | null = null;
  for (const l of approvedLines(f)) {
    if (l.section && l.section !== section) {
      section = l.section;
      row([section.toUpperCase(), '', '', ''], true);
    }
    const name = `${l.name}${l.optional ? ' (optional, added)' : ''}${l.description ? `\n${l.description}` : ''}`;
    row([name, `${l.quantity} ${l.unit}`.trim(), formatCents(l.unit_price_cents), formatCents(l.line_total_cents)]);
  }
  doc.moveDown(0.4);
  const discountLabel = quote.discount?.type === 'percent' ? `Discount (${quote.discount.percent}%)` : 'Discount';
  const totalRows: [string, number][] = [
    ['Subtotal', totals.subtotal_cents],
    ...(totals.discount_cents ? ([[discountLabel, -totals.discount_cents]] as [string, number][]) : []),
    ...(quote.tax_rate_percent ? ([[`Tax (${quote.tax_rate_percent}%)`, totals.tax_cents]] as [string, number][]) : []),
    ['Total', totals.total_cents],
    ...(totals.deposit_cents ? ([['Deposit due', totals.deposit_cents], ['Balance', totals.balance_cents]] as [string, number][]) : []),
  ];
  for (const [label, cents] of totalRows) {
    keepRoom(18);
    const top = doc.y;
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(INK).text(label, xs[1]!, top, { width: 160, align: 'right' });
    doc.text(formatCents(cents), xs[3]! + 5, top, { width: widths[3]! - 10, align: 'right' });
    doc.y = top + 16;
  }
  for (const [heading, body] of [
    ['Notes', quote.notes],
    ['Terms', quote.terms],
  ] as const) {
    if (!body) continue;
    keepRoom(50);
    doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(11).text(heading, MARGIN).font(PDF_FONT.regular).fontSize(10).text(body, MARGIN, doc.y, { width });
  }

  // Signature — or, for an approval marked by hand, what was recorded instead of one.
  const byHand = byHandLine(f);
  if (byHand || !f.signature) {
    keepRoom(80);
    doc.moveDown(1).font(PDF_FONT.bold).fontSize(11).fillColor(INK).text('Approved (no signature)', MARGIN);
    doc.moveDown(0.3).font(PDF_FONT.regular).fontSize(10).fillColor(INK).text(byHand ?? 'Approved without a signature', MARGIN, doc.y, { width });
    doc.font(PDF_FONT.regular).fontSize(10).text(`Approved by ${approval.signerName}`, MARGIN, doc.y, { width });
  } else {
    keepRoom(130);
    doc.moveDown(1).font(PDF_FONT.bold).fontSize(11).fillColor(INK).text('Accepted and signed', MARGIN);
    y = doc.y + 6;
    // The signature as the server re-wrote it in the bounded child (signature.ts): pdfkit decodes only images we made.
    doc.image(f.signature, MARGIN, y, { fit: [240, 80] });
    y += 84;
    doc.moveTo(MARGIN, y).lineTo(MARGIN + 260, y).lineWidth(0.7).strokeColor(INK).stroke();
    doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`${approval.signerName} · signed electronically ${approval.approvedAt.toISOString()}`, MARGIN, y + 4, { width });
  }

  // Audit trail
  doc.addPage();
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(INK).text('Audit trail', MARGIN, MARGIN);
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`Approved quote ${quote.number}, revision ${quote.revision}`);
  doc.moveDown(0.8);
  const optional = quote.items.filter((i) => selection.optional_item_ids.includes(i.id)).map((i) => i.name);
  const entries: [string, string][] = [
    ['Quote id', quote.id],
    // Both: a Send Again moves the last time only (issue 32).
    ['First sent', (f.quote.firstSentAt ?? f.quote.sentAt)?.toISOString() ?? '—'],
    ['Last sent', f.quote.sentAt?.toISOString() ?? '—'],
    ['First opened', f.quote.viewedAt?.toISOString() ?? '—'],
    ['Approved at (UTC)', approval.approvedAt.toISOString()],
    ...((byHand
      ? [
          ['Approved by', approval.signerName],
          ['How', byHand],
        ]
      : [
          ['Signer (typed name)', approval.signerName],
          ['Consent to sign electronically', approval.consent ? 'Yes' : 'No'],
        ]) as [string, string][]),
    ['Option chosen', selection.option_name ?? 'None (the quote has no options)'],
    ['Optional items added', optional.length ? optional.join(', ') : 'None'],
    ['Total approved', formatCents(totals.total_cents)],
    ['Deposit due', formatCents(totals.deposit_cents)],
    ...((byHand
      ? []
      : [
          ['IP address', approval.ipAddress ?? 'unknown'],
          ['User agent', approval.userAgent ?? 'unknown'],
        ]) as [string, string][]),
    ['Content fingerprint (SHA-256)', approval.fingerprint],
  ];
  for (const [label, value] of entries) {
    keepRoom(30);
    const top = doc.y;
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(INK).text(label, MARGIN, top, { width: 170 });
    doc.font(label.startsWith('Content') ? PDF_FONT.mono : PDF_FONT.regular).fontSize(10).text(value, MARGIN + 180, top, { width: width - 180 });
    doc.y = Math.max(doc.y, top + 14) + 6;
  }
  doc
    .moveDown(1)
    .font(PDF_FONT.regular)
    .fontSize(9)
    .fillColor(MUTED)
    .text(
      'The fingerprint is the SHA-256 hash of exactly what the signer was shown and chose (the quote content, the option, the optional items, the totals and the typed name), kept as canonical JSON with the approval record. Recomputing it from that record proves the content was not changed after signing.',
      MARGIN,
      doc.y,
      { width },
    );

  return finish(`Quote ${quote.number} · ${quote.company}`);
}

/** What the printable quote is written from: the client's page content (quotes.public.ts shownContent), unsigned. */
export type UnsignedQuoteContent = Pick<PublicQuote, 'number' | 'revision' | 'title' | 'items' | 'options' | 'totals' | 'discount' | 'tax_rate_percent' | 'deposit' | 'expires_on' | 'notes' | 'terms' | 'company' | 'job'>;

export const NOT_SIGNED = 'Not signed';

/**
 * The quote as a PDF to print or hand over (issue 32 item 9): every line — base lines, each option's lines under its
 * name, optional lines marked —, the totals of each option (optional lines not included), notes and terms, marked
 * "Not signed" at the top and where a signature would go. Same home and font as the signed PDF (platform/pdf-document).
 */
export async function writeUnsignedQuotePdf(q: UnsignedQuoteContent): Promise<Buffer> {
  const { doc, width, finish } = startLetterPdf({ title: `Quote ${q.number}`, author: q.company, margin: MARGIN, footerColor: MUTED });
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(INK).text(q.company, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font(PDF_FONT.bold).fontSize(18).fillColor(ACCENT).text('QUOTE', MARGIN, MARGIN, { width, align: 'right' });
  doc.font(PDF_FONT.bold).fontSize(10).fillColor('#c92a2a').text(`${NOT_SIGNED.toUpperCase()} — NOT APPROVED`, { width, align: 'right' });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`No. ${q.number} · revision ${q.revision}`, { width, align: 'right' });
  doc.text(`Valid until: ${q.expires_on}`, { width, align: 'right' });
  let y = Math.max(doc.y, MARGIN + 40) + 8;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y = y + 12;
  doc.font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(q.title, MARGIN);
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK);
  for (const line of [q.job.client_name && `Client: ${q.job.client_name}`, q.job.property_address && `Property: ${q.job.property_address}`, q.job.title && `Job: ${q.job.title}`]) if (line) doc.text(line);

  const { widths, xs, row, keepRoom } = lineTable(doc, width);
  const lines = (group: typeof q.items, heading: string | null) => {
    if (group.length === 0) return;
    if (heading) row([heading.toUpperCase(), '', '', ''], true, '#f1f3f5');
    let section: string | null = null;
    for (const l of group) {
      if (l.section && l.section !== section) {
        section = l.section;
        row([section, '', '', ''], true);
      }
      const name = `${l.name}${l.optional ? ' (optional)' : ''}${l.description ? `\n${l.description}` : ''}`;
      row([name, `${l.quantity} ${l.unit}`.trim(), formatCents(l.unit_price_cents), formatCents(l.line_total_cents)]);
    }
  };
  doc.moveDown(0.8);
  row(['Item', 'Quantity', 'Unit price', 'Amount'], true, '#e7f5ff');
  lines(
    q.items.filter((i) => i.option === null),
    q.options.length ? 'Included in every option' : null,
  );
  q.options.forEach((o, index) => lines(q.items.filter((i) => i.option === index), `Option: ${o.name}`));

  const discountLabel = q.discount?.type === 'percent' ? `Discount (${q.discount.percent}%)` : 'Discount';
  const totalsBlock = (heading: string | null, totals: UnsignedQuoteContent['totals']) => {
    doc.moveDown(0.4);
    if (heading) {
      keepRoom(18);
      doc.font(PDF_FONT.bold).fontSize(10).fillColor(INK).text(heading, xs[1]!, doc.y, { width: 160, align: 'right' });
    }
    const rows: [string, number][] = [
      ['Subtotal', totals.subtotal_cents],
      ...(totals.discount_cents ? ([[discountLabel, -totals.discount_cents]] as [string, number][]) : []),
      ...(q.tax_rate_percent ? ([[`Tax (${q.tax_rate_percent}%)`, totals.tax_cents]] as [string, number][]) : []),
      ['Total', totals.total_cents],
      ...(totals.deposit_cents ? ([['Deposit due on approval', totals.deposit_cents]] as [string, number][]) : []),
    ];
    for (const [label, cents] of rows) {
      keepRoom(18);
      const top = doc.y;
      doc.font(PDF_FONT.bold).fontSize(10).fillColor(INK).text(label, xs[1]!, top, { width: 160, align: 'right' });
      doc.text(formatCents(cents), xs[3]! + 5, top, { width: widths[3]! - 10, align: 'right' });
      doc.y = top + 16;
    }
  };
  if (q.options.length) q.options.forEach((o) => totalsBlock(`${o.name} totals`, o.totals));
  else totalsBlock(null, q.totals);
  if (q.items.some((i) => i.optional)) {
    doc.moveDown(0.3).font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text('Optional items are not included in the totals; each one chosen adds its amount.', MARGIN, doc.y, { width });
  }
  for (const [heading, body] of [
    ['Notes', q.notes],
    ['Terms', q.terms],
  ] as const) {
    if (!body) continue;
    keepRoom(50);
    doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(11).fillColor(INK).text(heading, MARGIN).font(PDF_FONT.regular).fontSize(10).text(body, MARGIN, doc.y, { width });
  }
  keepRoom(90);
  doc.moveDown(1).font(PDF_FONT.bold).fontSize(11).fillColor('#c92a2a').text(`${NOT_SIGNED}: this copy has not been approved by the client.`, MARGIN);
  y = doc.y + 40;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + 260, y).lineWidth(0.7).strokeColor(INK).stroke();
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text('Client signature and date', MARGIN, y + 4, { width });
  return finish(`Quote ${q.number} · ${q.company} · ${NOT_SIGNED}`);
}
