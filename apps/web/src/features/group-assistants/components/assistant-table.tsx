import { Paper, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import type { GroupAssistantRow } from '@fieldbook/contract';
import { Fragment } from 'react';
import { AssistantDetails } from './assistant-details';
import { AssistantRowActions } from './assistant-row-actions';
import { AssistantStatusBadge } from './assistant-status-badge';
import { TrainingSummary } from './training-summary';
import type { AssistantActions } from './use-assistant-actions';

export type AssistantListProps = {
  rows: GroupAssistantRow[];
  actions: AssistantActions;
  expanded: ReadonlySet<string>;
  onToggle: (groupId: string) => void;
  onConfigure: (row: GroupAssistantRow) => void;
  onFineTune: (row: GroupAssistantRow) => void;
};

function GroupName({ row, onToggle }: { row: GroupAssistantRow; onToggle: () => void }) {
  return (
    <UnstyledButton onClick={onToggle} style={{ minWidth: 0 }}>
      <Text fw={600}>{row.group.name}</Text>
      {row.group.description && (
        <Text size="xs" c="dimmed" lineClamp={1}>
          {row.group.description}
        </Text>
      )}
    </UnstyledButton>
  );
}

/** Wide screens: the table of spec 002 §2 (Group Name, Assistant Status, Training, Actions); a row expands in place. */
export function AssistantTable({ rows, actions, expanded, onToggle, onConfigure, onFineTune }: AssistantListProps) {
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Group Name</Table.Th>
            <Table.Th>Assistant Status</Table.Th>
            <Table.Th>Training</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => {
            const open = expanded.has(row.group.id);
            return (
              <Fragment key={row.group.id}>
                <Table.Tr data-testid="assistant-row" data-group={row.group.name}>
                  <Table.Td maw={280}>
                    <GroupName row={row} onToggle={() => onToggle(row.group.id)} />
                  </Table.Td>
                  <Table.Td>
                    <AssistantStatusBadge stats={row.stats} />
                  </Table.Td>
                  <Table.Td>
                    <TrainingSummary stats={row.stats} />
                  </Table.Td>
                  <Table.Td>
                    <AssistantRowActions row={row} actions={actions} expanded={open} onToggle={() => onToggle(row.group.id)} />
                  </Table.Td>
                </Table.Tr>
                {open && (
                  <Table.Tr>
                    <Table.Td colSpan={4} bg="var(--mantine-color-gray-0)">
                      <AssistantDetails row={row} actions={actions} onConfigure={onConfigure} onFineTune={onFineTune} />
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Phones (under 768 px): one card per group with the same facts and actions. */
export function AssistantCards({ rows, actions, expanded, onToggle, onConfigure, onFineTune }: AssistantListProps) {
  return (
    <Stack gap="sm">
      {rows.map((row) => {
        const open = expanded.has(row.group.id);
        return (
          <Paper key={row.group.id} withBorder p="sm" radius="md" data-testid="assistant-card" data-group={row.group.name}>
            <Stack gap="xs">
              <GroupName row={row} onToggle={() => onToggle(row.group.id)} />
              <AssistantStatusBadge stats={row.stats} />
              <TrainingSummary stats={row.stats} />
              <AssistantRowActions row={row} actions={actions} expanded={open} onToggle={() => onToggle(row.group.id)} justify="space-between" />
              {open && <AssistantDetails row={row} actions={actions} onConfigure={onConfigure} onFineTune={onFineTune} />}
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
