import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { LineItem } from '@fieldbook/contract';

/** A line being edited: the price may still be empty. */
export type DraftLine = { key: string; description: string; quantity: number | ''; unit_price: number | '' };

export const draftLine = (l: Partial<LineItem> = {}): DraftLine => ({ key: crypto.randomUUID(), description: l.description ?? '', quantity: l.quantity ?? 1, unit_price: l.unit_price ?? '' });

/** The lines to send, or the first problem: blank rows are dropped; a described row needs a quantity and a price. */
export function completeLines(lines: DraftLine[]): { items: LineItem[] } | { error: string } {
  const items: LineItem[] = [];
  for (const l of lines) {
    if (!l.description.trim()) continue;
    if (l.quantity === '' || l.quantity <= 0) return { error: `Enter a quantity for “${l.description.trim()}”` };
    if (l.unit_price === '') return { error: `Enter a price for “${l.description.trim()}”, or remove the line` };
    items.push({ description: l.description.trim(), quantity: l.quantity, unit_price: l.unit_price });
  }
  return { items };
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/**
 * The priced lines of an estimate, invoice, contract or permit. Empty: the document lists the job's tasks unpriced
 * (or the prices saved on the job by an earlier document). Stacks on a phone: description above quantity and price.
 */
export function LineItemsEditor({ lines, onChange, taskDescriptions }: { lines: DraftLine[]; onChange: (lines: DraftLine[]) => void; taskDescriptions: string[] }) {
  const set = (key: string, patch: Partial<DraftLine>) => onChange(lines.map((l) => (l.key === key ? { ...l, ...patch } : l)));
  const total = lines.reduce((sum, l) => sum + (l.quantity === '' || l.unit_price === '' ? 0 : Math.round(l.quantity * l.unit_price * 100) / 100), 0);
  const unlisted = taskDescriptions.filter((d) => !lines.some((l) => l.description.trim() === d));
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500}>
        Line items
      </Text>
      {lines.length === 0 && (
        <Text size="xs" c="dimmed">
          No prices yet: the document lists the job’s tasks and leaves the total to be priced.
        </Text>
      )}
      {lines.map((l, i) => (
        <Group key={l.key} gap="xs" align="flex-end" wrap="wrap" data-testid="line-item">
          <TextInput label={i === 0 ? 'Description' : undefined} aria-label="Description" value={l.description} onChange={(e) => set(l.key, { description: e.currentTarget.value })} style={{ flex: '1 1 14rem' }} maxLength={300} />
          <NumberInput size="md" label={i === 0 ? 'Qty' : undefined} aria-label="Quantity" value={l.quantity} onChange={(v) => set(l.key, { quantity: typeof v === 'number' ? v : '' })} min={0} decimalScale={2} w={80} hideControls />
          <NumberInput size="md" label={i === 0 ? 'Unit price' : undefined} aria-label="Unit price" value={l.unit_price} onChange={(v) => set(l.key, { unit_price: typeof v === 'number' ? v : '' })} min={0} decimalScale={2} prefix="$" thousandSeparator="," w={120} hideControls />
          <ActionIcon variant="subtle" color="red" size="xl" aria-label={`Remove line ${i + 1}`} onClick={() => onChange(lines.filter((x) => x.key !== l.key))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group gap="xs" justify="space-between">
        <Group gap="xs">
          <Button size="xs" variant="light" leftSection={<IconPlus size={14} />} onClick={() => onChange([...lines, draftLine()])}>
            Add line
          </Button>
          {unlisted.length > 0 && (
            <Button size="xs" variant="subtle" onClick={() => onChange([...lines.filter((l) => l.description.trim()), ...unlisted.map((d) => draftLine({ description: d }))])}>
              Add the job’s tasks
            </Button>
          )}
        </Group>
        {lines.length > 0 && (
          <Text size="sm" fw={600} data-testid="line-items-total">
            Total {money.format(total)}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
