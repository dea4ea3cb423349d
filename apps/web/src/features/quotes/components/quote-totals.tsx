import { formatCents, type QuoteTotalsOut } from '@fieldbook/contract';
import { Group, Stack, Text } from '@mantine/core';

/** Totals as given: the server's, or the editor's live preview computed with the contract's money module (quote-form.ts liveTotals). */
export function QuoteTotals({ totals, taxRate, label }: { totals: QuoteTotalsOut; taxRate: number; label?: string }) {
  const row = (name: string, cents: number, strong = false) => (
    <Group justify="space-between" key={name}>
      <Text size="sm" fw={strong ? 700 : 400}>
        {name}
      </Text>
      <Text size="sm" fw={strong ? 700 : 400} ff="monospace">
        {formatCents(cents)}
      </Text>
    </Group>
  );
  return (
    <Stack gap={2} aria-label={label ?? 'Totals'}>
      {row('Subtotal', totals.subtotal_cents)}
      {totals.discount_cents > 0 && row('Discount', -totals.discount_cents)}
      {taxRate > 0 && row(`Tax (${taxRate}%)`, totals.tax_cents)}
      {row('Total', totals.total_cents, true)}
      {totals.deposit_cents > 0 && row('Deposit due', totals.deposit_cents, true)}
      {totals.deposit_cents > 0 && row('Balance', totals.balance_cents)}
    </Stack>
  );
}
