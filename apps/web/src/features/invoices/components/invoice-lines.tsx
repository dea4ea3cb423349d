import { formatCents, type Invoice } from '@fieldbook/contract';
import { Divider, Group, Stack, Text } from '@mantine/core';

const Amount = ({ label, cents, strong }: { label: string; cents: number; strong?: boolean }) => (
  <Group justify="space-between" gap="xs" wrap="nowrap">
    <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined}>
      {label}
    </Text>
    <Text size={strong ? 'md' : 'sm'} fw={strong ? 700 : undefined} ff="monospace">
      {formatCents(cents)}
    </Text>
  </Group>
);

/** An invoice's lines and totals, as the contractor and the client both see them (one layout for both pages). */
export function InvoiceLines({
  invoice,
  paidLabel,
  balanceCents,
}: {
  invoice: Pick<Invoice, 'items' | 'totals' | 'tax_rate_percent'>;
  paidLabel: string;
  balanceCents: number;
}) {
  const t = invoice.totals;
  return (
    <Stack gap={6}>
      {invoice.items.map((i) => (
        <Group key={i.id} justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
          <Stack gap={0} miw={0}>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {i.name}
            </Text>
            <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {i.quantity} {i.unit} × {formatCents(i.unit_price_cents)}
              {i.description ? ` · ${i.description}` : ''}
            </Text>
          </Stack>
          <Text size="sm" ff="monospace" style={{ flexShrink: 0 }}>
            {formatCents(i.line_total_cents)}
          </Text>
        </Group>
      ))}
      <Divider my={4} />
      <Amount label="Subtotal" cents={t.subtotal_cents} />
      {t.discount_cents > 0 && <Amount label="Discount" cents={-t.discount_cents} />}
      {t.tax_cents > 0 && <Amount label={`Tax (${invoice.tax_rate_percent}%)`} cents={t.tax_cents} />}
      <Amount label="Total" cents={t.total_cents} strong />
      <Amount label={paidLabel} cents={t.paid_cents} />
      <Amount label="Balance due" cents={balanceCents} strong />
    </Stack>
  );
}
