import { formatCents } from '@fieldbook/contract';
import { Button, Group, Modal, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBellRinging, IconPlus } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { useApprovedQuotes } from '../api/get-approved-quotes';
import { useCreateInvoiceFromQuote } from '../api/create-invoice-from-quote';
import { useInvoice } from '../api/get-invoice';
import { useJobInvoices } from '../api/get-job-invoices';
import { usePaymentSchedules } from '../api/get-payment-schedules';
import { errorText } from './errors';
import { InvoiceDetail } from './invoice-detail';
import { InvoiceEditor } from './invoice-editor';
import { InvoiceStatusBadge } from './invoice-status';
import { ReminderSettingsForm } from './reminder-settings';
import { dayInWords } from '../../../lib/calendar-day';

type Open = { id: string | null; editing: boolean } | null;

/** The invoice dialog: the editor for a new or draft invoice, else the invoice with its payments. */
function InvoiceModal({ jobId, jobTitle, clientName, open, setOpen, onClose }: { jobId: string; jobTitle: string; clientName: string | null; open: Open; setOpen: (o: Open) => void; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const invoice = useInvoice(open?.id ?? null);
  const close = onClose;
  const title = open?.id ? (invoice.data ? `Invoice ${invoice.data.number}` : 'Invoice') : 'New Invoice';
  return (
    <Modal opened={open !== null} onClose={close} title={title} size="lg" fullScreen={phone}>
      {open === null ? null : open.id === null ? (
        <InvoiceEditor jobId={jobId} jobTitle={jobTitle} invoice={null} onCancel={close} onSaved={(saved) => setOpen({ id: saved.id, editing: false })} />
      ) : invoice.isPending ? (
        <Skeleton height={120} />
      ) : invoice.isError ? (
        <LoadError error={invoice.error} onRetry={() => void invoice.refetch()} isRetrying={invoice.isFetching} title="Could not load the invoice" />
      ) : open.editing && invoice.data.status === 'draft' ? (
        <InvoiceEditor jobId={jobId} jobTitle={jobTitle} invoice={invoice.data} onCancel={() => setOpen({ id: open.id, editing: false })} onSaved={(saved) => setOpen({ id: saved.id, editing: false })} />
      ) : (
        <InvoiceDetail invoice={invoice.data} clientName={clientName} onEdit={() => setOpen({ id: open.id, editing: true })} onOpen={(id) => setOpen({ id, editing: false })} onClosed={close} />
      )}
    </Modal>
  );
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A job's invoices (issue 33): New Invoice, or Invoice Q-… from an approved quote in one click, and each one's number,
 * due date, total, balance and status; a row opens it. `/jobs/<id>?invoice=<invoice id>` (a notification's link)
 * scrolls here and opens that invoice.
 */
export function JobInvoices({ jobId, jobTitle, clientName = null }: { jobId: string; jobTitle: string; clientName?: string | null }) {
  const invoices = useJobInvoices(jobId);
  const approved = useApprovedQuotes(jobId);
  const fromQuote = useCreateInvoiceFromQuote(jobId);
  const [open, setOpen] = useState<Open>(null);
  const [isReminders, setReminders] = useState(false);
  const [params, setParams] = useSearchParams();
  const linked = params.get('invoice');
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!linked || !UUID.test(linked)) return;
    setOpen({ id: linked, editing: false });
    panel.current?.scrollIntoView?.({ block: 'start' });
  }, [linked]);
  const close = () => {
    setOpen(null);
    if (!linked) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invoice');
        return next;
      },
      { replace: true },
    );
  };
  // A quote billed in parts (a payment schedule, shown above) is invoiced part by part, not in one click here.
  const schedules = usePaymentSchedules(jobId, { enabled: (approved.data ?? []).length > 0 });
  const scheduled = new Set((schedules.data?.schedules ?? []).map((s) => s.quote_id));
  // A quote already invoiced (an invoice of it not void) is not offered again: a second click made a second draft
  // for the whole approved amount, without the deposit (credited to the first). New Invoice stays for anything more.
  const invoiced = new Set((invoices.data?.invoices ?? []).filter((i) => i.status !== 'void' && i.quote_id !== null).map((i) => i.quote_id));
  const quotes = invoices.data ? (approved.data ?? []).filter((q) => !scheduled.has(q.id) && !invoiced.has(q.id)) : [];
  const outstanding = (invoices.data?.invoices ?? []).filter((i) => i.status !== 'void' && i.status !== 'draft').reduce((sum, i) => sum + i.totals.balance_cents, 0);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} id="invoices" ref={panel} style={{ scrollMarginTop: 120 }}>
      <Group justify="space-between" mb="xs" gap="xs">
        <Stack gap={0}>
          <Title order={2} fz={18}>
            Invoices
          </Title>
          {outstanding > 0 && (
            <Text size="xs" c="dimmed">
              Outstanding {formatCents(outstanding)}
            </Text>
          )}
        </Stack>
        <Group gap="xs">
          {/* One click per approved quote (a job rarely has more than one). */}
          {quotes.map((q) => (
            <Button
              key={q.id}
              size="sm"
              variant="light"
              loading={fromQuote.isPending && fromQuote.variables === q.id}
              title={`${q.title} · ${formatCents(q.approved_total_cents ?? q.totals.total_cents)}`}
              onClick={() => fromQuote.mutate(q.id, { onSuccess: (saved) => setOpen({ id: saved.id, editing: false }) })}
            >
              Invoice {q.number}
            </Button>
          ))}
          <Button size="sm" leftSection={<IconPlus size={16} />} onClick={() => setOpen({ id: null, editing: true })}>
            New Invoice
          </Button>
          <Button size="sm" variant="subtle" leftSection={<IconBellRinging size={16} />} onClick={() => setReminders(true)}>
            Reminders
          </Button>
        </Group>
      </Group>
      {fromQuote.error && (
        <Text size="sm" c="red" role="alert" mb="xs">
          {errorText(fromQuote.error)}
        </Text>
      )}
      {invoices.isPending ? (
        <Skeleton height={48} />
      ) : invoices.isError ? (
        <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} isRetrying={invoices.isFetching} title="Could not load the invoices" />
      ) : invoices.data.invoices.length === 0 ? (
        <Text c="dimmed" size="sm">
          No invoices yet. Make one from an approved quote, or start a new one.
        </Text>
      ) : (
        <Stack gap={6}>
          {invoices.data.invoices.map((i) => (
            <UnstyledButton key={i.id} onClick={() => setOpen({ id: i.id, editing: false })} aria-label={`Invoice ${i.number}`} p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}>
              <Group justify="space-between" wrap="nowrap" gap="xs">
                <Stack gap={0} miw={0} style={{ flex: 1 }}>
                  <Text fw={600} truncate>
                    {i.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {i.number}
                    {/* A draft has no due day until it is sent (its net terms count from that day). */}
                    {i.status === 'draft' ? ' · Draft: due date set when sent' : i.due_on && i.status !== 'void' ? ` · due ${dayInWords(i.due_on, { short: true })}` : ''}
                    {i.replaces ? ` · replaces ${i.replaces.number}` : ''}
                  </Text>
                </Stack>
                <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
                  <Text size="sm" ff="monospace">
                    {formatCents(i.totals.total_cents)}
                  </Text>
                  {/* Partly paid: what is left. Paid in full says so in its badge, not with "$0.00 due". */}
                  {i.status !== 'void' && i.status !== 'draft' && i.totals.balance_cents > 0 && i.totals.balance_cents !== i.totals.total_cents && (
                    <Text size="xs" ff="monospace" c="dimmed">
                      {formatCents(i.totals.balance_cents)} due
                    </Text>
                  )}
                  <InvoiceStatusBadge status={i.status} />
                </Stack>
              </Group>
            </UnstyledButton>
          ))}
        </Stack>
      )}
      <Modal opened={isReminders} onClose={() => setReminders(false)} title="Overdue reminders">
        {isReminders && <ReminderSettingsForm onDone={() => setReminders(false)} />}
      </Modal>
      <InvoiceModal jobId={jobId} jobTitle={jobTitle} clientName={clientName} open={open} setOpen={setOpen} onClose={close} />
    </Paper>
  );
}
