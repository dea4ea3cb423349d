import { Button, Group, Select, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { STATE_FILTER_OPTIONS, type AssistantFilters, type StateFilter, type StatusFilter } from '../lib/assistant-filters';
import { STATUS_FILTER_OPTIONS } from '../lib/assistant-status';

/** Spec 002 §2 filters: Status, State, and 'Search groups...' over name and description. */
export function AssistantFiltersBar({ value, onChange, onClear, canClear }: { value: AssistantFilters; onChange: (f: AssistantFilters) => void; onClear: () => void; canClear: boolean }) {
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <TextInput
        aria-label="Search groups"
        placeholder="Search groups..."
        leftSection={<IconSearch size={16} />}
        value={value.search}
        onChange={(e) => onChange({ ...value, search: e.currentTarget.value })}
        style={{ flex: '1 1 16rem' }}
        maw={{ sm: 360 }}
      />
      <Select
        label="Status"
        size="md"
        data={STATUS_FILTER_OPTIONS}
        value={value.status}
        onChange={(v) => v && onChange({ ...value, status: v as StatusFilter })}
        allowDeselect={false}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 200 }}
      />
      <Select
        label="State"
        size="md"
        data={STATE_FILTER_OPTIONS}
        value={value.state}
        onChange={(v) => v && onChange({ ...value, state: v as StateFilter })}
        allowDeselect={false}
        w={{ base: 'calc(50% - var(--mantine-spacing-sm) / 2)', xs: 150 }}
      />
      {canClear && (
        <Button variant="subtle" onClick={onClear}>
          Clear Filters
        </Button>
      )}
    </Group>
  );
}
