import { Tabs } from '@mantine/core';
import { IconListSearch, IconUsers } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { AssigneeBoard } from './assignee-board';
import { TaskSearchPanel } from './task-search-panel';

type TabValue = 'assignee' | 'search';

/** The Tasks page's two tabs (spec 001 §2); ?tab=search opens the search tab. */
export function TasksScreen() {
  const [params, setParams] = useSearchParams();
  const tab: TabValue = params.get('tab') === 'search' ? 'search' : 'assignee';

  const selectTab = (value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value === 'search') next.set('tab', 'search');
        else next.delete('tab');
        return next;
      },
      { replace: true },
    );

  return (
    <Tabs value={tab} onChange={selectTab} keepMounted={false}>
      <Tabs.List mb="md">
        <Tabs.Tab value="assignee" leftSection={<IconUsers size={16} />}>
          Tasks by Assignee
        </Tabs.Tab>
        <Tabs.Tab value="search" leftSection={<IconListSearch size={16} />}>
          Task Search
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="assignee">
        <AssigneeBoard />
      </Tabs.Panel>
      <Tabs.Panel value="search">
        <TaskSearchPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
