import { formatCents, manualPaidCents, PAYMENT_TERMS_LABELS, paymentByline, paymentMethodLabel, SEND_METHOD_LABELS, type Invoice } from '@fieldbook/contract';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import { useDiscardInvoice } from '../api/discard-invoice';
import { fetchInvoicePdf, fetchReceiptPdf } from '../api/get-invoice-pdf';
import { useMarkInvoiceSent } from '../api/mark-invoice-sent';
import { useVoidInvoice } from '../api/void-invoice';
import { errorText } from './errors';
import { InvoiceLines } from './invoice-lines';
import { InvoiceStatusBadge } from './invoice-status';
import { openPdf } from './open-pdf';
import { InvoiceOnlinePayments } from '../../payments';
import { PaymentForm } from './payment-form';
import { CopyInvoiceLink, SendInvoicePanel } from './send-invoice-panel';
import { dayInWords } from '../../../lib/calendar-day';

/**
 * One invoice: its lines, totals, payments and balance, and what can be done in its state — a draft is edited, marked
 * sent or discarded; a sent one takes payments and refunds, or is voided (and reissued as a new draft); every one
 * downloads as a PDF, every payment as a receipt.
 */
export function InvoiceDetail({ invoice, clientName = null, onEdit, onOpen, onClosed }: { invoice: Invoice; clientName?: string | null; onEdit: () => void; onOpen: (id: string) => void; onClosed: () => void }) {
  const [panel, setPanel] = useState<'send' | 'payment' | 'refund' | 'void' | null>(null);
  const [reason, setReason] = useState('');
  const [pdfError, setPdfError] = useState<unknown>(null);
  const markSent = useMarkInvoiceSent();
  const discard = useDiscardInvoice();
  const voiding = useVoidInvoice(invoice.id);
  const isOpen = invoice.status !== 'draft' && invoice.status !== 'void';
  const failure = markSent.error ?? discard.error ?? voiding.error ?? pdfError;
  const pdf = (load: () => Promise<Blob>, name: string) => {
    setPdfError(null);
    openPdf(load, name).catch(setPdfError);
  };
  const t = invoice.totals;

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={0} miw={0}>
          <Text fw={700} truncate>
            {invoice.title}
          </Text>
          <Text size="xs" c="dimmed">
            {invoice.number} · {PAYMENT_TERMS_LABELS[invoice.payment_terms]}
            {/* A draft's due day is only what it would be if sent today: net terms count from the day it is sent. */}
            {invoice.due_on ? ` · due ${dayInWords(invoice.due_on, { short: true })}${invoice.status === 'draft' && invoice.payment_terms !== 'custom' ? ' if sent today' : ''}` : ''}
            {invoice.issued_on ? ` · issued ${dayInWords(invoice.issued_on, { short: true })}` : ''}
          </Text>
        </Stack>
        <InvoiceStatusBadge status={invoice.status} />
      </Group>
      {invoice.replaces && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => onOpen(invoice.replaces!.id)}>
          Issued in place of {invoice.replaces.number} (void)
        </Button>
      )}
      {invoice.replaced_by && (
        <Button variant="subtle" size="compact-sm" w="fit-content" onClick={() => onOpen(invoice.replaced_by!.id)}>
          Replaced by {invoice.replaced_by.number}
        </Button>
      )}
      {invoice.status === 'void' && (
        <Text size="sm" c="dimmed">
          Void{invoice.void_reason ? `: ${invoice.void_reason}` : ''}. The client owes nothing on this invoice.
        </Text>
      )}
      <Paper withBorder p="sm" radius="md">
        <InvoiceLines invoice={invoice} paidLabel="Paid" balanceCents={invoice.status === 'void' ? 0 : t.balance_cents} />
      </Paper>
      {invoice.notes && (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {invoice.notes}
        </Text>
      )}
      {invoice.payments.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            Payments
          </Text>
          {invoice.payments.map((p) => (
            <Group key={p.id} justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
              <Stack gap={0} miw={0}>
                <Text size="sm">
                  {p.kind === 'refund' ? 'Refund' : 'Payment'} · {paymentMethodLabel(p)}
                  {p.check_number ? ` no. ${p.check_number}` : ''} · {dayInWords(p.received_on, { short: true })}
                </Text>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {/* Online: the line above says how; the server's note says where from (a deposit, Stripe's payment). */}
                  {p.online_method && p.note ? p.note : `${paymentByline(p)}${p.note ? ` · ${p.note}` : ''}`}
                </Text>
              </Stack>
              <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
                <Text size="sm" ff="monospace" c={p.kind === 'refund' ? 'orange' : undefined}>
                  {formatCents(p.kind === 'refund' ? -p.amount_cents : p.amount_cents)}
                </Text>
                <Button variant="subtle" size="compact-xs" onClick={() => pdf(() => fetchReceiptPdf(invoice.id, p.id), `Receipt ${invoice.number} ${p.received_on}.pdf`)}>
                  Receipt
                </Button>
              </Stack>
            </Group>
          ))}
        </Stack>
      )}
      {/* Online payments (the payments feature): their state, refunds through Stripe, a quote's deposit credited. */}
      <InvoiceOnlinePayments invoiceId={invoice.id} paymentIds={invoice.payments.map((p) => p.id)} />

      {invoice.sends.length > 0 && (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            Sent to the client
          </Text>
          {invoice.sends.map((x) => (
            <Text key={x.id} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {new Date(x.created_at).toLocaleString()} · {x.kind === 'reminder' ? `Overdue reminder ${x.reminder ?? ''}`.trim() : `Sent by ${x.sent_by?.name ?? 'a former member'}`} · {SEND_METHOD_LABELS[x.method]} to {x.address}
            </Text>
          ))}
          {invoice.viewed_at && (
            <Text size="xs" c="dimmed">
              Viewed by the client {new Date(invoice.viewed_at).toLocaleString()}
            </Text>
          )}
        </Stack>
      )}

      {panel === 'send' ? (
        <SendInvoicePanel invoice={invoice} clientName={clientName} onDone={() => setPanel(null)} />
      ) : panel === 'payment' || panel === 'refund' ? (
        <PaymentForm invoice={invoice} kind={panel} onDone={() => setPanel(null)} />
      ) : panel === 'void' ? (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text size="sm">A sent invoice is never changed. Void it, and issue a new draft with the same lines to correct and send.</Text>
            <Textarea label="Reason (optional)" value={reason} onChange={(e) => setReason(e.currentTarget.value)} autosize minRows={1} />
            <Group justify="flex-end" gap="xs" wrap="wrap">
              <Button variant="default" onClick={() => setPanel(null)} disabled={voiding.isPending}>
                Cancel
              </Button>
              <Button color="red" variant="light" loading={voiding.isPending} onClick={() => voiding.mutate({ reason, reissue: false }, { onSuccess: () => setPanel(null) })}>
                Void Only
              </Button>
              <Button color="red" loading={voiding.isPending} onClick={() => voiding.mutate({ reason, reissue: true }, { onSuccess: (done) => done.reissued && onOpen(done.reissued.id) })}>
                Void and Reissue
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group gap="xs" wrap="wrap">
          {invoice.status === 'draft' && (
            <>
              <Button onClick={() => setPanel('send')}>Send Invoice</Button>
              <Button variant="default" onClick={() => markSent.mutate(invoice.id)} loading={markSent.isPending} title="Handed over another way: nothing is sent">
                Mark Sent
              </Button>
              <Button variant="default" onClick={onEdit}>
                Edit
              </Button>
              <Button variant="subtle" color="red" loading={discard.isPending} onClick={() => discard.mutate(invoice.id, { onSuccess: onClosed })}>
                Discard Draft
              </Button>
            </>
          )}
          {isOpen && t.balance_cents > 0 && <Button onClick={() => setPanel('payment')}>Record Payment</Button>}
          {isOpen && (
            <Button variant="default" onClick={() => setPanel('send')}>
              Send Again
            </Button>
          )}
          {/* Money recorded by hand only: money paid online is refunded through Stripe, under Online payments. */}
          {isOpen && t.paid_cents > 0 && manualPaidCents(invoice.payments) > 0 && (
            <Button variant="default" onClick={() => setPanel('refund')}>
              Refund
            </Button>
          )}
          {isOpen && t.paid_cents === 0 && (
            <Button variant="subtle" color="red" onClick={() => setPanel('void')}>
              Void
            </Button>
          )}
          <Button variant="subtle" onClick={() => pdf(() => fetchInvoicePdf(invoice.id), `Invoice ${invoice.number}.pdf`)}>
            Download PDF
          </Button>
          {isOpen && <CopyInvoiceLink invoice={invoice} />}
        </Group>
      )}
      {failure !== null && failure !== undefined && (
        <Text size="sm" c="red" role="alert">
          {errorText(failure)}
        </Text>
      )}
    </Stack>
  );
}
