import { Button, Group, SegmentedControl } from '@mantine/core';
import { IconLayoutCards, IconPlus, IconTable } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { JobsCardsView } from './jobs-cards-view';
import { JobsTableView } from './jobs-table-view';

type View = 'cards' | 'table';

/** /jobs: the jobs dashboard (cards) and the jobs list (table), switched by ?view=table. */
export function JobsDashboard() {
  const [params, setParams] = useSearchParams();
  const view: View = params.get('view') === 'table' ? 'table' : 'cards';

  return (
    <>
      <PageHeader
        title="Jobs"
        description="Client jobs with their tasks and documents."
        actions={
          <Group gap="sm" wrap="nowrap">
            <SegmentedControl
              aria-label="Jobs view"
              value={view}
              onChange={(v) => setParams(v === 'table' ? { view: 'table' } : {}, { replace: true })}
              data={[
                { value: 'cards', label: <ViewLabel icon={<IconLayoutCards size={16} />} text="Cards" /> },
                { value: 'table', label: <ViewLabel icon={<IconTable size={16} />} text="Table" /> },
              ]}
            />
            <Button component={Link} to="/jobs/new" leftSection={<IconPlus size={16} />}>
              New Job
            </Button>
          </Group>
        }
      />
      {view === 'table' ? <JobsTableView /> : <JobsCardsView />}
    </>
  );
}

function ViewLabel({ icon, text }: { icon: ReactNode; text: string }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      {icon}
      <span>{text}</span>
    </Group>
  );
}
