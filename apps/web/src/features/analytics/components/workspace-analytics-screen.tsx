import { Alert, Button, Center, Group, Loader, Paper, Select, SimpleGrid, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconRefresh } from '@tabler/icons-react';
import type { RecordingAnalytics } from '@fieldbook/contract';
import { useState, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { PageHeader } from '../../../components/page-header';
import { errorReason } from '../../../lib/error-reason';
import { useAnalyticsWorkspaces, useRecordingAnalytics } from '../api/analytics';
import { bucketLabel, formatStorage, PIE_COLORS, RANGE_OPTIONS } from '../lib/chart-format';
import { ReceivablesPanels } from './receivables-panels';

const ALL_WORKSPACES = 'All Workspaces';
const COUNT_FORMAT = new Intl.NumberFormat('en-US');
const DIRECTION_LABELS = { incoming: 'Incoming', outgoing: 'Outgoing', unknown: 'Unknown' } as const;

/** Workspace Analytics (spec 002 §2, admin): Refresh Data, Date Range, Workspace, and the four panels. */
export function WorkspaceAnalyticsScreen() {
  const [days, setDays] = useState('30');
  const [workspace, setWorkspace] = useState<{ id: string; name: string } | null>(null);
  const workspaceId = workspace?.id ?? null;
  const data = useRecordingAnalytics(Number(days), workspaceId);
  const [search, setSearch] = useState('');
  // The select shows the chosen name as its text: that is not a search.
  const typed = search.trim() === (workspace?.name ?? ALL_WORKSPACES) ? '' : search.trim();
  const [q] = useDebouncedValue(typed, 250);
  const workspaces = useAnalyticsWorkspaces(q);
  const found = workspaces.data?.workspaces ?? [];
  const options = [
    { value: '', label: ALL_WORKSPACES },
    // The chosen workspace stays an option while other words are searched.
    ...(workspace && !found.some((w) => w.id === workspace.id) ? [{ value: workspace.id, label: workspace.name }] : []),
    ...found.map((w) => ({ value: w.id, label: w.name })),
  ];
  const more = (workspaces.data?.total ?? 0) - found.length;

  return (
    <>
      <PageHeader
        title="Workspace Analytics"
        description="Call recordings across workspaces: how many, how much storage, which way, and when."
        actions={
          <Button variant="default" leftSection={<IconRefresh size={16} />} onClick={() => void Promise.all([data.refetch(), workspaces.refetch()])} loading={data.isFetching}>
            Refresh Data
          </Button>
        }
      />
      <Group gap="sm" mb="md" wrap="wrap">
        <Select label="Date Range" data={RANGE_OPTIONS} value={days} onChange={(v) => v && setDays(v)} allowDeselect={false} w={{ base: '100%', xs: 200 }} />
        <Select
          label="Workspace"
          data={options}
          value={workspaceId ?? ''}
          onChange={(v, option) => setWorkspace(v && option ? { id: v, name: option.label } : null)}
          allowDeselect={false}
          searchable
          searchValue={search}
          onSearchChange={setSearch}
          // The server already matched every typed word (in the name or the description).
          filter={({ options: all }) => all}
          description={more > 0 ? `Type to search ${COUNT_FORMAT.format(more)} more` : undefined}
          nothingFoundMessage="No workspaces match"
          w={{ base: '100%', xs: 280 }}
        />
      </Group>
      {workspaces.isError && (
        <Alert color="red" variant="filled" mb="md" role="alert">
          Failed to load workspaces: {errorReason(workspaces.error)}
        </Alert>
      )}
      {data.isError ? (
        <Alert color="red" variant="filled" role="alert">
          Failed to load analytics data: {errorReason(data.error)}
        </Alert>
      ) : data.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading analytics" />
        </Center>
      ) : (
        <Panels a={data.data} />
      )}
      {/* Issue 33: money owed to and received by the viewer's own workspace (not the selected one: invoices are a workspace's own). */}
      <Title order={2} fz="lg" mt="xl" mb="sm">
        Your Workspace’s Receivables
      </Title>
      <ReceivablesPanels />
    </>
  );
}

function Panel({ title, children, empty }: { title: string; children: ReactNode; empty: boolean }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={2} fz="md" mb="sm">
        {title}
      </Title>
      {empty ? (
        <Center h={260}>
          <Text c="dimmed" size="sm">
            No recordings in this range
          </Text>
        </Center>
      ) : (
        <div style={{ width: '100%', height: 260 }}>{children}</div>
      )}
    </Paper>
  );
}

const percentOf = (slices: { name: string; value: number }[], name: string) => {
  const total = slices.reduce((n, s) => n + s.value, 0);
  return total ? Math.round(((slices.find((s) => s.name === name)?.value ?? 0) / total) * 100) : 0;
};

function Panels({ a }: { a: RecordingAnalytics }) {
  const isPhone = useMediaQuery('(max-width: 36em)') ?? false;
  const empty = a.total.count === 0;
  const byStorage = [...a.by_workspace].sort((x, y) => y.bytes - x.bytes);
  const directions = (Object.keys(DIRECTION_LABELS) as (keyof typeof DIRECTION_LABELS)[]).map((k) => ({ name: DIRECTION_LABELS[k], value: a.direction[k] })).filter((d) => d.value > 0);
  const timeline = a.timeline.map((b) => ({ label: bucketLabel(b.start, a.bucket), count: b.count }));
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md" data-testid="analytics-panels">
      <Panel title="Recordings by Workspace" empty={empty}>
        <ResponsiveContainer>
          <BarChart data={a.by_workspace} margin={{ left: -10, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Bar dataKey="count" name="Recordings" fill="#1c7ed6" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Panel>
      <Panel title="Storage Used by Workspace" empty={empty}>
        <ResponsiveContainer>
          <BarChart data={byStorage} margin={{ left: 10, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} interval={0} />
            <YAxis tickFormatter={(v: number) => formatStorage(v, 0)} width={70} />
            <Tooltip formatter={(v) => [formatStorage(Number(v)), 'Storage']} labelFormatter={(label) => String(label)} />
            <Bar dataKey="bytes" name="Storage" fill="#37b24d" isAnimationActive={false} />
          </BarChart>
        </ResponsiveContainer>
      </Panel>
      <Panel title="Call Direction Distribution" empty={empty}>
        <ResponsiveContainer>
          <PieChart>
            {/* Labels beside the slices where there is room; on a phone the legend carries the percentages. */}
            <Pie data={directions} dataKey="value" nameKey="name" outerRadius={isPhone ? 80 : 90} label={isPhone ? false : ({ name, percent }) => `${name} ${Math.round((percent ?? 0) * 100)}%`} isAnimationActive={false}>
              {directions.map((d, i) => (
                <Cell key={d.name} fill={PIE_COLORS[i % PIE_COLORS.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend formatter={(name: string) => (isPhone ? `${name} ${percentOf(directions, name)}%` : name)} />
          </PieChart>
        </ResponsiveContainer>
      </Panel>
      <Panel title="Recording Timeline" empty={false}>
        <ResponsiveContainer>
          <LineChart data={timeline} margin={{ left: -10, right: 8 }}>
            <CartesianGrid strokeDasharray="3 3" />
            <XAxis dataKey="label" tick={{ fontSize: 11 }} minTickGap={16} />
            <YAxis allowDecimals={false} />
            <Tooltip />
            <Line type="monotone" dataKey="count" name="Recordings" stroke="#1c7ed6" dot={false} isAnimationActive={false} />
          </LineChart>
        </ResponsiveContainer>
      </Panel>
    </SimpleGrid>
  );
}
