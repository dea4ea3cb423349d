import { AR_AGING_LABELS, formatCents, type Receivables } from '@fieldbook/contract';
import { Alert, Center, Loader, Paper, SimpleGrid, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { dayInWords } from '../../../lib/calendar-day';
import { errorReason } from '../../../lib/error-reason';
import { useReceivables } from '../api/receivables';
import { agingAxisLabel, bucketLabel, moneyAxisDomain } from '../lib/chart-format';

const AGING_COLORS = ['#37b24d', '#f59f00', '#e8590c', '#e03131', '#862e9c'];
const dollars = (cents: number) => `$${Math.round(cents / 100).toLocaleString('en-US')}`;

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/** A/R aging: what sent invoices still owe by days past due — a bar per bucket, and the amounts and counts in a table. */
function AgingPanel({ r }: { r: Receivables }) {
  const data = r.aging.map((a) => ({ label: AR_AGING_LABELS[a.bucket], cents: a.balance_cents, count: a.count }));
  return (
    <Panel title="A/R Aging">
      <Text size="xs" c="dimmed" mb="xs">
        As of {dayInWords(r.as_of, { short: true })} ({r.time_zone}), by days past the due date
      </Text>
      <div style={{ width: '100%', height: 180 }}>
        <ResponsiveContainer>
          <BarChart data={data} margin={{ left: 0, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} tickFormatter={agingAxisLabel} />
            <YAxis tickFormatter={(v: number) => dollars(v)} width={64} domain={moneyAxisDomain(data.map((d) => d.cents))} />
            <Tooltip formatter={(v) => [formatCents(Number(v)), 'Owed']} />
            <Bar dataKey="cents" name="Owed" isAnimationActive={false}>
              {data.map((d, i) => (
                <Cell key={d.label} fill={AGING_COLORS[i % AGING_COLORS.length]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
      <Table mt="xs" verticalSpacing={4} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Past due</Table.Th>
            <Table.Th ta="right">Invoices</Table.Th>
            <Table.Th ta="right">Owed</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {r.aging.map((a) => (
            <Table.Tr key={a.bucket}>
              <Table.Td>{AR_AGING_LABELS[a.bucket]}</Table.Td>
              <Table.Td ta="right">{a.count}</Table.Td>
              <Table.Td ta="right" ff="monospace">
                {formatCents(a.balance_cents)}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr fw={700}>
            <Table.Td>Total</Table.Td>
            <Table.Td ta="right">{r.total.count}</Table.Td>
            <Table.Td ta="right" ff="monospace">
              {formatCents(r.total.balance_cents)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </Panel>
  );
}

/** Payments received per month, net of refunds, over the last twelve months. */
function PaymentsPanel({ r }: { r: Receivables }) {
  const data = r.payments_by_month.map((m) => ({ label: bucketLabel(`${m.month}-01`, 'month'), net: m.net_cents, payments: m.payments_cents, refunds: m.refunds_cents }));
  const year = r.payments_by_month.reduce((n, m) => n + m.net_cents, 0);
  return (
    <Panel title="Payments Received">
      <Text size="xs" c="dimmed" mb="xs">
        Net of refunds, per month: {formatCents(year)} in the last 12 months
      </Text>
      <div style={{ width: '100%', height: 260 }}>
        <ResponsiveContainer>
          <BarChart data={data} margin={{ left: 0, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={8} />
            <YAxis tickFormatter={(v: number) => dollars(v)} width={64} domain={moneyAxisDomain(data.map((d) => d.net))} />
            <Tooltip formatter={(v, name) => [formatCents(Number(v)), String(name)]} />
            <Bar dataKey="net" name="Net received" fill="#1c7ed6" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </div>
    </Panel>
  );
}

/** The caller's workspace's receivables (issue 33): A/R aging and payments received per month. */
export function ReceivablesPanels() {
  const data = useReceivables();
  if (data.isError) {
    return (
      <Alert color="red" variant="filled" role="alert">
        Failed to load receivables: {errorReason(data.error)}
      </Alert>
    );
  }
  if (data.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading receivables" />
      </Center>
    );
  }
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="receivables-panels">
      <AgingPanel r={data.data} />
      <PaymentsPanel r={data.data} />
    </SimpleGrid>
  );
}
