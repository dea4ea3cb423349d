import { endpointPath, formatCents, INVOICE_STATUS_LABELS, invoiceEndpoints, paymentMethodLabel, type PublicInvoice } from '@fieldbook/contract';
import { Alert, Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { ClientPage, ClientPageBody, useViewOnce } from '../../../components/client-page';
import { apiBaseUrl } from '../../../lib/api-base';
import { dayInWords } from '../../../lib/calendar-day';
import { usePublicInvoice } from '../api/get-public-invoice';
import { useMarkInvoiceViewed } from '../api/mark-invoice-viewed';
import { InvoiceLines } from './invoice-lines';
import { PublicInvoicePaySlot } from './public-invoice-pay-slot';

/** /i/:token — the client's invoice (issue 33): no account, fits a 390 px phone. */
export function PublicInvoiceScreen({ token }: { token: string }) {
  const invoice = usePublicInvoice(token);
  // A sent invoice rendered here, in a browser, is viewed — told once (the client side's rule, components/client-page).
  const { mutate: markViewed } = useMarkInvoiceViewed(token);
  const stored = invoice.data?.status;
  // What the server keeps as "sent" may read as overdue or partly paid; it says which by answering the POST.
  useViewOnce(stored !== undefined && stored !== 'void' && stored !== 'viewed' && stored !== 'paid', markViewed);
  return (
    <ClientPageBody query={invoice} unavailableTitle="Invoice unavailable">
      {(inv) => <PublicInvoiceContent invoice={inv} token={token} />}
    </ClientPageBody>
  );
}

function VoidNotice({ invoice }: { invoice: PublicInvoice }) {
  return (
    <Alert color="gray" title="This invoice was voided">
      {invoice.company} cancelled invoice {invoice.number}
      {invoice.voided_at ? ` on ${new Date(invoice.voided_at).toLocaleDateString()}` : ''}. Nothing is owed on it.
      {invoice.replaced_by && (
        <>
          {' '}
          It was replaced by invoice {invoice.replaced_by.number}. <Anchor href={invoice.replaced_by.link}>Open invoice {invoice.replaced_by.number}</Anchor>
        </>
      )}
    </Alert>
  );
}

export function PublicInvoiceContent({ invoice, token }: { invoice: PublicInvoice; token: string }) {
  const t = invoice.totals;
  if (invoice.status === 'void') {
    return (
      <ClientPage>
        <Stack gap="md">
          <Text fw={700} fz={20}>
            {invoice.company}
          </Text>
          <VoidNotice invoice={invoice} />
        </Stack>
      </ClientPage>
    );
  }
  const isPaid = invoice.status === 'paid';
  const isOverdue = invoice.status === 'overdue';
  const pdfUrl = `${apiBaseUrl()}${endpointPath(invoiceEndpoints.publicPdf.path, { token })}`;
  return (
    <ClientPage>
      <Stack gap="md">
        <Stack gap={2}>
          <Text fw={700} fz={20}>
            {invoice.company}
          </Text>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Title order={1} fz={24} miw={0} style={{ overflowWrap: 'anywhere' }}>
              Invoice {invoice.number}
            </Title>
            <Badge color={isPaid ? 'green' : isOverdue ? 'red' : 'blue'} style={{ flexShrink: 0 }}>
              {INVOICE_STATUS_LABELS[invoice.status]}
            </Badge>
          </Group>
          <Text size="sm">{invoice.title}</Text>
          <Text size="sm" c="dimmed">
            {invoice.job.client_name ? `For ${invoice.job.client_name}` : ''}
            {invoice.job.client_name && invoice.job.property_address ? ' · ' : ''}
            {invoice.job.property_address ?? ''}
          </Text>
          {invoice.issued_on && (
            <Text size="sm" c="dimmed">
              Issued {dayInWords(invoice.issued_on)}
            </Text>
          )}
        </Stack>

        {isPaid ? (
          <Alert color="green" title="Paid in full">
            Thank you! Nothing more is owed on this invoice.
          </Alert>
        ) : (
          <Paper withBorder p="sm" radius="md">
            <Stack gap={2}>
              <Text size="sm" c="dimmed">
                Balance due
              </Text>
              <Text fz={28} fw={700} ff="monospace">
                {formatCents(t.balance_cents)}
              </Text>
              {invoice.due_on && (
                <Text size="sm" c={isOverdue ? 'red' : undefined} fw={isOverdue ? 600 : undefined}>
                  {isOverdue ? `Overdue: it was due ${dayInWords(invoice.due_on)}` : `Due ${dayInWords(invoice.due_on)}`}
                </Text>
              )}
            </Stack>
          </Paper>
        )}

        {/* Online payment goes here: the payments feature renders its Pay button in this slot. */}
        <PublicInvoicePaySlot token={token} invoice={invoice} />

        <Paper withBorder p="sm" radius="md">
          <InvoiceLines invoice={invoice} paidLabel="Paid so far" balanceCents={t.balance_cents} />
        </Paper>

        {invoice.payments.length > 0 && (
          <Stack gap={4}>
            <Text fw={600} size="sm">
              Payments received
            </Text>
            {invoice.payments.map((p, n) => (
              <Group key={n} justify="space-between" gap="xs" wrap="nowrap">
                <Text size="sm">
                  {p.kind === 'refund' ? 'Refund' : 'Payment'} · {paymentMethodLabel(p)} · {dayInWords(p.received_on)}
                </Text>
                <Text size="sm" ff="monospace" style={{ flexShrink: 0 }}>
                  {formatCents(p.kind === 'refund' ? -p.amount_cents : p.amount_cents)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}

        {invoice.notes && (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {invoice.notes}
          </Text>
        )}

        {/* Through the link itself: no account, the link's own checks and limits. */}
        <Button component="a" href={pdfUrl} download variant="default" size="md">
          Download PDF
        </Button>
        <Text size="xs" c="dimmed" ta="center">
          Questions about this invoice? Contact {invoice.company}.
        </Text>
      </Stack>
    </ClientPage>
  );
}
