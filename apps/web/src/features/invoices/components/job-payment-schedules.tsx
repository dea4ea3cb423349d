import { formatCents, SCHEDULE_DUE_TRIGGER_LABELS, type InvoiceStatus, type PaymentSchedule, type SchedulePart } from '@fieldbook/contract';
import { Badge, Button, Group, Modal, Paper, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCalendarDollar } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error';
import { dayInWords } from '../../../lib/calendar-day';
import { usePaymentSchedules } from '../api/get-payment-schedules';
import { useInvoiceSchedulePart } from '../api/invoice-schedule-part';
import { defaultParts, partsOf, shareText } from '../lib/schedule-form';
import { errorText } from './errors';
import { InvoiceStatusBadge } from './invoice-status';
import { PaymentScheduleEditor } from './payment-schedule-editor';

type Editing = { quote: { id: string; number: string; approved_cents: number; deposit_cents: number }; schedule: PaymentSchedule | null } | null;

function dueText(p: SchedulePart): string {
  return p.due_trigger === 'on_date' && p.due_on ? `Due ${dayInWords(p.due_on, { short: true })}` : SCHEDULE_DUE_TRIGGER_LABELS[p.due_trigger];
}

/** One part: its name, share and when it is due; its invoice (opens it) or Create invoice. */
function PartRow({ part, index, count, onOpen }: { part: SchedulePart; index: number; count: number; onOpen: (invoiceId: string) => void }) {
  const make = useInvoiceSchedulePart();
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" p="xs" style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }} data-testid="schedule-part-row">
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text fw={600} size="sm" truncate>
          {index + 1} of {count} · {part.name}
        </Text>
        <Text size="xs" c="dimmed">
          {shareText(part, part.cents)} · {dueText(part)}
        </Text>
        {make.error ? (
          <Text size="xs" c="red" role="alert">
            {errorText(make.error)}
          </Text>
        ) : null}
      </Stack>
      {part.invoice ? (
        <UnstyledButton onClick={() => onOpen(part.invoice!.id)} aria-label={`Invoice ${part.invoice.number}`} style={{ flexShrink: 0 }}>
          <Stack gap={2} align="flex-end">
            <Text size="xs" fw={600}>
              {part.invoice.number}
            </Text>
            <InvoiceStatusBadge status={part.invoice.status as InvoiceStatus} />
          </Stack>
        </UnstyledButton>
      ) : (
        <Button size="xs" variant="light" style={{ flexShrink: 0 }} disabled={part.cents <= 0} loading={make.isPending} onClick={() => make.mutate(part.id, { onSuccess: (inv) => onOpen(inv.id) })}>
          Create invoice
        </Button>
      )}
    </Group>
  );
}

/**
 * A job's payment schedules (issue 33, progress invoicing), beside its invoices: for each approved quote billed in
 * parts, the parts with their amounts, when each is due and its invoice — or Create invoice, one click (any member).
 * A workspace admin makes or changes a schedule. Nothing shows on a job without an approved quote.
 */
export function JobPaymentSchedules({ jobId }: { jobId: string }) {
  const data = usePaymentSchedules(jobId);
  const phone = useMediaQuery('(max-width: 48em)');
  const [editing, setEditing] = useState<Editing>(null);
  const [, setParams] = useSearchParams();
  // The invoices panel opens an invoice named in the address (?invoice=…): a part's invoice opens there.
  const open = (invoiceId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('invoice', invoiceId);
        return next;
      },
      { replace: true },
    );

  if (data.isPending) return <Skeleton height={48} />;
  if (data.isError) return <LoadError error={data.error} onRetry={() => void data.refetch()} isRetrying={data.isFetching} title="Could not load the payment schedules" />;
  const { schedules, quotes, can_edit: canEdit } = data.data;
  if (schedules.length === 0 && quotes.length === 0) return null;

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} id="payment-schedule">
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz={18}>
          Payment schedule
        </Title>
      </Group>
      <Stack gap="md">
        {schedules.map((s) => (
          <Stack key={s.id} gap={6}>
            <Group justify="space-between" gap="xs" wrap="wrap">
              <Text size="sm" fw={600}>
                {s.quote_number} · {s.quote_title} · approved {formatCents(s.approved_cents)}
              </Text>
              {canEdit && (
                <Button size="xs" variant="subtle" onClick={() => setEditing({ quote: { id: s.quote_id, number: s.quote_number, approved_cents: s.approved_cents, deposit_cents: s.deposit_cents }, schedule: s })}>
                  Edit schedule
                </Button>
              )}
            </Group>
            {s.over_approved && s.over_cents > 0 && (
              <Badge color="orange" variant="light" style={{ alignSelf: 'flex-start' }}>
                Bills {formatCents(s.over_cents)} more than approved
              </Badge>
            )}
            {s.parts.map((p, i) => (
              <PartRow key={p.id} part={p} index={i} count={s.parts.length} onOpen={open} />
            ))}
          </Stack>
        ))}
        {quotes.map((q) => (
          <Group key={q.quote_id} justify="space-between" gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {q.number} · approved {formatCents(q.approved_cents)}
              {q.invoiced_by ? ` · invoiced in full (${q.invoiced_by})` : ''}
            </Text>
            {canEdit && !q.invoiced_by && (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconCalendarDollar size={14} />}
                onClick={() => setEditing({ quote: { id: q.quote_id, number: q.number, approved_cents: q.approved_cents, deposit_cents: q.deposit_cents }, schedule: null })}
              >
                Bill {q.number} in parts
              </Button>
            )}
          </Group>
        ))}
      </Stack>
      <Modal opened={editing !== null} onClose={() => setEditing(null)} title={editing?.schedule ? 'Edit payment schedule' : 'New payment schedule'} size="lg" fullScreen={phone}>
        {editing && (
          <PaymentScheduleEditor
            quote={editing.quote}
            initial={editing.schedule ? partsOf(editing.schedule) : defaultParts(editing.quote.deposit_cents)}
            initialOverApproved={editing.schedule?.over_approved ?? false}
            saved={editing.schedule !== null}
            onDone={() => setEditing(null)}
          />
        )}
      </Modal>
    </Paper>
  );
}
