import { formatCents, type InvoiceListRow } from '@fieldbook/contract';
import { Anchor, Group, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { dayInWords } from '../../../lib/calendar-day';
import { InvoiceStatusBadge } from './invoice-status';

/** Where an invoice opens: its job's page with the invoice's dialog open (the job's Invoices panel reads ?invoice=). */
export const invoiceOnJobPath = (row: Pick<InvoiceListRow, 'id' | 'job_id'>) => `/jobs/${row.job_id}?invoice=${row.id}`;

const day = (isoDate: string | null) => (isoDate ? dayInWords(isoDate, { short: true }) : '—');
/** A draft has no due day until it is sent; a void invoice is due nothing. */
const dueText = (r: InvoiceListRow) => (r.status === 'draft' ? 'Draft' : r.status === 'void' ? '—' : day(r.due_on));

/** The invoices as a table (wide screens): number, client, job, issued, due, total, balance, status; the number opens it. */
export function WorkspaceInvoiceTable({ rows }: { rows: InvoiceListRow[] }) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Number</Table.Th>
            <Table.Th>Client</Table.Th>
            <Table.Th>Job</Table.Th>
            <Table.Th>Issued</Table.Th>
            <Table.Th>Due</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
            <Table.Th ta="right">Balance</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id} data-testid="invoice-row">
              <Table.Td>
                <Anchor component={Link} to={invoiceOnJobPath(r)} fw={600} aria-label={`Open invoice ${r.number}`}>
                  {r.number}
                </Anchor>
              </Table.Td>
              <Table.Td>{r.client_name ?? '—'}</Table.Td>
              <Table.Td maw={220}>
                <Text size="sm" truncate>
                  {r.job_title ?? '—'}
                </Text>
              </Table.Td>
              <Table.Td>{day(r.issued_on)}</Table.Td>
              <Table.Td>{dueText(r)}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatCents(r.total_cents)}
              </Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatCents(r.balance_cents)}
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={r.status} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The invoices as cards (phones, 390 px): each card opens the invoice on its job. */
export function WorkspaceInvoiceCards({ rows }: { rows: InvoiceListRow[] }) {
  return (
    <Stack gap={8}>
      {rows.map((r) => (
        <UnstyledButton
          key={r.id}
          component={Link}
          to={invoiceOnJobPath(r)}
          aria-label={`Open invoice ${r.number}`}
          data-testid="invoice-row"
          p="sm"
          style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8, display: 'block' }}
        >
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Stack gap={2} miw={0} style={{ flex: 1 }}>
              <Text fw={600} truncate>
                {r.number} · {r.client_name ?? 'No client'}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {r.job_title ?? 'Untitled job'}
              </Text>
              <Text size="xs" c="dimmed">
                {r.status === 'draft' ? 'Draft: not sent yet' : `Issued ${day(r.issued_on)} · Due ${dueText(r)}`}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
              <Text size="sm" ff="monospace">
                {formatCents(r.total_cents)}
              </Text>
              {r.balance_cents > 0 && r.balance_cents !== r.total_cents && (
                <Text size="xs" ff="monospace" c="dimmed">
                  {formatCents(r.balance_cents)} due
                </Text>
              )}
              <InvoiceStatusBadge status={r.status} />
            </Stack>
          </Group>
        </UnstyledButton>
      ))}
    </Stack>
  );
}
