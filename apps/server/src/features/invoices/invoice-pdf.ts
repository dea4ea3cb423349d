import { formatCents, INVOICE_STATUS_LABELS, paidCents, paymentByline, paymentMethodLabel, PAYMENT_TERMS_LABELS, type Invoice, type InvoicePayment } from '@fieldbook/contract';
import { PDF_FONT, startLetterPdf } from '../../platform/pdf-document';
import { pdfTable } from '../../platform/pdf-table';

/** Who the invoice is from and for: the workspace's name and the job as it is now. */
export type InvoiceParties = { company: string; job: { title: string | null; clientName: string | null; propertyAddress: string | null } };

const MARGIN = 54;
const INK = '#1d2125';
const MUTED = '#5c636a';
const RULE = '#ced4da';
const ACCENT = '#1c7ed6';

function header(doc: PDFKit.PDFDocument, width: number, p: InvoiceParties, heading: string, lines: string[]) {
  doc.font(PDF_FONT.bold).fontSize(16).fillColor(INK).text(p.company, MARGIN, MARGIN, { width: width * 0.6 });
  doc.font(PDF_FONT.bold).fontSize(18).fillColor(ACCENT).text(heading, MARGIN, MARGIN, { width, align: 'right' });
  doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED);
  for (const line of lines) doc.text(line, { width, align: 'right' });
  const y = Math.max(doc.y, MARGIN + 40) + 8;
  doc.moveTo(MARGIN, y).lineTo(MARGIN + width, y).lineWidth(1).strokeColor(ACCENT).stroke();
  doc.y = y + 12;
  doc.font(PDF_FONT.regular).fontSize(10).fillColor(INK);
  const { job } = p;
  for (const line of [job.clientName && `Bill to: ${job.clientName}`, job.propertyAddress && `Property: ${job.propertyAddress}`, job.title && `Job: ${job.title}`]) if (line) doc.text(line, MARGIN);
}

function amountRows(doc: PDFKit.PDFDocument, table: ReturnType<typeof pdfTable>, rows: [string, string][]) {
  doc.moveDown(0.4);
  for (const [label, value] of rows) {
    table.keepRoom(18);
    const top = doc.y;
    doc.font(PDF_FONT.bold).fontSize(10).fillColor(INK).text(label, table.xs[1]!, top, { width: 180, align: 'right' });
    doc.text(value, table.xs[3]! + 5, top, { width: table.widths[3]! - 10, align: 'right' });
    doc.y = top + 16;
  }
}

const paymentLine = (p: InvoicePayment) =>
  `${p.kind === 'refund' ? 'Refund' : 'Payment'} · ${paymentMethodLabel(p)}${p.check_number ? ` no. ${p.check_number}` : ''}${p.note ? ` · ${p.note}` : ''}`;

/** The invoice as a PDF (issue 33): lines, totals, payments received, balance due, terms and notes. */
export async function writeInvoicePdf(inv: Invoice, p: InvoiceParties): Promise<Buffer> {
  const { doc, width, finish } = startLetterPdf({ title: `Invoice ${inv.number}`, author: p.company, margin: MARGIN, footerColor: MUTED });
  const heading = inv.status === 'void' ? 'INVOICE — VOID' : inv.status === 'draft' ? 'INVOICE — DRAFT' : 'INVOICE';
  header(doc, width, p, heading, [
    `No. ${inv.number}`,
    inv.issued_on ? `Issued: ${inv.issued_on}` : 'Not issued yet',
    inv.due_on ? `Due: ${inv.due_on} (${PAYMENT_TERMS_LABELS[inv.payment_terms]})` : PAYMENT_TERMS_LABELS[inv.payment_terms],
    `Status: ${INVOICE_STATUS_LABELS[inv.status]}`,
  ]);
  doc.moveDown(0.4).font(PDF_FONT.bold).fontSize(13).text(inv.title, MARGIN);
  if (inv.replaces) doc.font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(`Issued in place of invoice ${inv.replaces.number} (void)`, MARGIN);

  const table = pdfTable(doc, { left: MARGIN, width, columns: [80, 80, 80], ink: INK, rule: RULE });
  doc.moveDown(0.8);
  table.row(['Item', 'Quantity', 'Unit price', 'Amount'], { bold: true, fill: '#e7f5ff' });
  let section: string | null = null;
  for (const l of inv.items) {
    if (l.section && l.section !== section) {
      section = l.section;
      table.row([section.toUpperCase(), '', '', ''], { bold: true });
    }
    table.row([`${l.name}${l.description ? `\n${l.description}` : ''}`, `${l.quantity} ${l.unit}`.trim(), formatCents(l.unit_price_cents), formatCents(l.line_total_cents)]);
  }
  const t = inv.totals;
  const discountLabel = inv.discount?.type === 'percent' ? `Discount (${inv.discount.percent}%)` : 'Discount';
  amountRows(doc, table, [
    ['Subtotal', formatCents(t.subtotal_cents)],
    ...(t.discount_cents ? ([[discountLabel, formatCents(-t.discount_cents)]] as [string, string][]) : []),
    ...(inv.tax_rate_percent ? ([[`Tax (${inv.tax_rate_percent}%)`, formatCents(t.tax_cents)]] as [string, string][]) : []),
    ['Total', formatCents(t.total_cents)],
    ...(t.paid_cents ? ([['Paid', formatCents(-t.paid_cents)]] as [string, string][]) : []),
    ['Balance due', formatCents(t.balance_cents)],
  ]);

  if (inv.payments.length) {
    table.keepRoom(60);
    doc.moveDown(0.8).font(PDF_FONT.bold).fontSize(11).fillColor(INK).text('Payments', MARGIN);
    doc.moveDown(0.3);
    for (const pay of inv.payments) table.row([`${pay.received_on} · ${paymentLine(pay)}`, '', '', formatCents(pay.kind === 'refund' ? -pay.amount_cents : pay.amount_cents)]);
  }
  if (inv.notes) {
    table.keepRoom(50);
    doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(11).fillColor(INK).text('Notes', MARGIN).font(PDF_FONT.regular).fontSize(10).text(inv.notes, MARGIN, doc.y, { width });
  }
  return finish(`Invoice ${inv.number} · ${p.company}`);
}

/** A receipt for one payment (or refund): what was received, how, on which invoice, and what is still owed. */
export async function writeReceiptPdf(inv: Invoice, pay: InvoicePayment, p: InvoiceParties): Promise<Buffer> {
  const refund = pay.kind === 'refund';
  const { doc, width, finish } = startLetterPdf({ title: `${refund ? 'Refund' : 'Receipt'} for invoice ${inv.number}`, author: p.company, margin: MARGIN, footerColor: MUTED });
  header(doc, width, p, refund ? 'REFUND RECEIPT' : 'RECEIPT', [`Invoice ${inv.number}`, `Date: ${pay.received_on}`]);
  doc.moveDown(0.6).font(PDF_FONT.bold).fontSize(13).fillColor(INK).text(refund ? `Refunded ${formatCents(pay.amount_cents)}` : `Received ${formatCents(pay.amount_cents)} with thanks`, MARGIN);
  // What had been paid once this payment was recorded (the payments in the order they were recorded), not later ones.
  const upTo = inv.payments.slice(0, inv.payments.findIndex((x) => x.id === pay.id) + 1);
  const paidThrough = paidCents(upTo);
  const table = pdfTable(doc, { left: MARGIN, width, columns: [80, 80, 160], ink: INK, rule: RULE });
  doc.moveDown(0.6);
  const rows: [string, string][] = [
    ['Invoice', `${inv.number} · ${inv.title}`],
    ['Method', `${paymentMethodLabel(pay)}${pay.check_number ? ` no. ${pay.check_number}` : ''}`],
    ['Date', pay.received_on],
    ['Amount', formatCents(pay.amount_cents)],
    ...(pay.note ? ([['Note', pay.note]] as [string, string][]) : []),
    ['Invoice total', formatCents(inv.totals.total_cents)],
    ['Paid to date', formatCents(paidThrough)],
    ['Balance after this', formatCents(inv.totals.total_cents - paidThrough)],
  ];
  for (const [label, value] of rows) table.row([label, '', '', value]);
  doc.moveDown(0.6).font(PDF_FONT.regular).fontSize(9).fillColor(MUTED).text(paymentByline(pay), MARGIN);
  return finish(`${refund ? 'Refund' : 'Receipt'} · invoice ${inv.number} · ${p.company}`);
}
