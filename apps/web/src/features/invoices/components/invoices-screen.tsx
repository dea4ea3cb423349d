import { formatCents, INVOICE_STATUS_LABELS, INVOICE_STATUSES, type InvoiceStatus } from '@fieldbook/contract';
import { Button, Center, Group, Paper, Select, SimpleGrid, Skeleton, Stack, Switch, Text } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { LoadError } from '../../../components/load-error';
import { errorReason } from '../../../lib/error-reason';
import { useContacts } from '../../contacts';
import { useWorkspaceInvoices, type WorkspaceInvoiceFilters } from '../api/get-workspace-invoices';
import { ExportInvoicesCsv } from './export-invoices-csv';
import { WorkspaceInvoiceCards, WorkspaceInvoiceTable } from './workspace-invoice-rows';

const STATUS_OPTIONS = [{ value: '', label: 'All statuses' }, ...INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))];
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The client filter: the caller's contacts, searched on the server as typed (an invoice's client is its job's). */
function ClientFilter({ value, onChange }: { value: { id: string; name: string } | null; onChange: (v: { id: string; name: string } | null) => void }) {
  const [search, setSearch] = useState('');
  const typed = search.trim() === (value?.name ?? '') ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 250);
  const contacts = useContacts({ q });
  const found = contacts.data?.contacts ?? [];
  const options = [...(value && !found.some((c) => c.id === value.id) ? [{ value: value.id, label: value.name }] : []), ...found.map((c) => ({ value: c.id, label: c.name }))];
  return (
    <Select
      label="Client"
      placeholder="All clients"
      data={options}
      value={value?.id ?? null}
      onChange={(id, option) => onChange(id && option ? { id, name: option.label } : null)}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options: all }) => all}
      nothingFoundMessage="No contacts match"
      w={{ base: '100%', xs: 240 }}
    />
  );
}

/**
 * The workspace's Invoices screen (issue 33): every invoice, newest first, a page at a time; filters by status,
 * overdue and client; what is outstanding and overdue for the filters at the top; Export CSV for the accountant.
 * A row opens the invoice on its job. Cards on a phone, a table wider.
 */
export function InvoicesScreen() {
  const [status, setStatus] = useState<InvoiceStatus | null>(null);
  const [overdue, setOverdue] = useState(false);
  const [client, setClient] = useState<{ id: string; name: string } | null>(null);
  const filters: WorkspaceInvoiceFilters = { status, overdue, contactId: client?.id ?? null };
  const invoices = useWorkspaceInvoices(filters);
  const isPhone = useMediaQuery('(max-width: 48em)');
  const rows = invoices.data?.pages.flatMap((p) => p.invoices) ?? [];
  const totals = invoices.data?.pages[0]?.totals;
  const isFiltered = status !== null || overdue || client !== null;

  return (
    <>
      <PageHeader title="Invoices" description="Every invoice of your workspace, newest first. Open one to see it on its job." actions={<ExportInvoicesCsv />} />
      <SimpleGrid cols={{ base: 2, sm: 2 }} spacing="sm" mb="md" maw={560}>
        <Paper withBorder p="sm" radius="md" component="section" aria-label="Outstanding">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Outstanding
          </Text>
          <Text fz={{ base: 18, sm: 22 }} fw={700} ff="monospace">
            {totals ? formatCents(totals.outstanding_cents) : '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {totals ? plural(totals.outstanding_count, 'invoice') : ' '}
          </Text>
        </Paper>
        <Paper withBorder p="sm" radius="md" component="section" aria-label="Overdue">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            Overdue
          </Text>
          <Text fz={{ base: 18, sm: 22 }} fw={700} ff="monospace" c={totals && totals.overdue_cents > 0 ? 'red' : undefined}>
            {totals ? formatCents(totals.overdue_cents) : '—'}
          </Text>
          <Text size="xs" c="dimmed">
            {totals ? plural(totals.overdue_count, 'invoice') : ' '}
          </Text>
        </Paper>
      </SimpleGrid>
      <Group gap="sm" mb="md" align="flex-end" wrap="wrap">
        <Select label="Status" data={STATUS_OPTIONS} value={status ?? ''} onChange={(v) => setStatus(v ? (v as InvoiceStatus) : null)} allowDeselect={false} w={{ base: '100%', xs: 180 }} />
        <ClientFilter value={client} onChange={setClient} />
        <Switch label="Overdue only" checked={overdue} onChange={(e) => setOverdue(e.currentTarget.checked)} mb={8} />
      </Group>
      {invoices.isPending ? (
        <Stack gap="xs">
          <Skeleton height={48} />
          <Skeleton height={48} />
        </Stack>
      ) : invoices.isError ? (
        <LoadError error={invoices.error} onRetry={() => void invoices.refetch()} isRetrying={invoices.isFetching} title="Could not load the invoices" message={`Failed to load invoices: ${errorReason(invoices.error)}`} />
      ) : rows.length === 0 ? (
        <Center py="xl">
          <Text c="dimmed" size="sm">
            {isFiltered ? 'No invoices match these filters.' : 'No invoices yet. Make one from a job’s page.'}
          </Text>
        </Center>
      ) : (
        <Stack gap="sm">
          {isPhone ? <WorkspaceInvoiceCards rows={rows} /> : <WorkspaceInvoiceTable rows={rows} />}
          {invoices.hasNextPage && (
            <Center>
              <Button variant="default" loading={invoices.isFetchingNextPage} onClick={() => void invoices.fetchNextPage()}>
                Show more
              </Button>
            </Center>
          )}
        </Stack>
      )}
    </>
  );
}
