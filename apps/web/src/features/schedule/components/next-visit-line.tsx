import type { SearchNextVisit } from '@fieldbook/contract';
import { Group, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { nextVisitText } from '../lib/next-visit';

/** A search hit's next visit (job hits): one line under the excerpt, wrapping at 390 px. */
export function NextVisitLine({ visit }: { visit: SearchNextVisit | null | undefined }) {
  if (!visit) return null;
  return (
    <Group gap={4} wrap="nowrap" align="flex-start" data-testid="search-next-visit">
      <IconCalendarEvent size={14} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
      <Text size="xs" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {nextVisitText(visit)}
      </Text>
    </Group>
  );
}
