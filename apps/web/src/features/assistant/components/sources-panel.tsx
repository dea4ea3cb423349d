import type { AssistantSource } from '@fieldbook/contract';
import { ActionIcon, Badge, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconArrowUpRight, IconChevronLeft, IconChevronRight, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { metadataRows, relevancePercent, SOURCE_TYPE_LABELS, sourceHref } from '../lib/sources';
import classes from './assistant.module.css';

type SourcesPanelProps = {
  sources: AssistantSource[];
  index: number;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  /** The Open link was followed (the widget gets out of the way on a phone). */
  onOpen?: () => void;
};

/** An answer's sources one at a time (spec 000 §2): Source n of m, type, relevance, content, metadata, Open. */
export function SourcesPanel({ sources, index, onIndexChange, onClose, onOpen }: SourcesPanelProps) {
  const source = sources[index];
  if (!source) return null;
  const href = sourceHref(source.metadata);
  const rows = metadataRows(source.metadata);
  return (
    <section className={`${classes.overlay} ${classes.sources}`} aria-label="Sources" data-testid="assistant-sources">
      <div className={classes.overlayBar}>
        <Text fw={700} size="sm" style={{ flex: 1 }} role="heading" aria-level={3}>
          Source {index + 1} of {sources.length}
        </Text>
        <Tooltip label="Close sources" withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label="Close sources" onClick={onClose}>
            <IconX size={18} />
          </ActionIcon>
        </Tooltip>
      </div>
      <div className={classes.overlayBody}>
        <Stack gap="sm">
          <Group gap="xs" justify="space-between">
            <Badge variant="light" size="md">
              {SOURCE_TYPE_LABELS[source.type]}
            </Badge>
            <Text size="sm" c="dimmed">
              Relevance: <b>{relevancePercent(source.similarity)}</b>
            </Text>
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="assistant-source-content">
            {source.content}
          </Text>
          {rows.length > 0 && (
            <Table withRowBorders={false} verticalSpacing={2} horizontalSpacing={0} fz="xs">
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.key}>
                    <Table.Th c="dimmed" fw={600} w="40%" pr="sm" style={{ verticalAlign: 'top' }}>
                      {r.label}
                    </Table.Th>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{r.value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          {href && (
            <Button component={Link} to={href} onClick={onOpen} variant="light" size="xs" rightSection={<IconArrowUpRight size={14} />} style={{ alignSelf: 'flex-start' }}>
              Open
            </Button>
          )}
        </Stack>
      </div>
      <div className={classes.overlayFooter}>
        <Button variant="default" size="xs" leftSection={<IconChevronLeft size={14} />} disabled={index === 0} onClick={() => onIndexChange(index - 1)}>
          Previous
        </Button>
        <Button variant="default" size="xs" rightSection={<IconChevronRight size={14} />} disabled={index >= sources.length - 1} onClick={() => onIndexChange(index + 1)}>
          Next
        </Button>
      </div>
    </section>
  );
}
