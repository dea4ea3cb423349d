import { ACH_FAILED_NOTICE, formatCents } from '@fieldbook/contract';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { usePublicDeposit } from '../api/get-public-deposit';
import { useStartDepositCheckout } from '../api/start-checkout';
import { errorText, returnedFromStripe } from './error-text';

/**
 * An approved quote's deposit, paid on its page (/q/:token) right after approving: on Stripe's page by card or US bank
 * account; then "Deposit paid" (or processing, for a bank payment). Nothing when no deposit is due or online payments
 * are off (the page's own text still says what is due).
 */
export function PayDeposit({ token }: { token: string }) {
  const state = usePublicDeposit(token, returnedFromStripe() === 'done');
  const checkout = useStartDepositCheckout(token);
  const d = state.data;
  if (!d || d.status === 'none') return null;
  if (d.status === 'paid') {
    return (
      <Alert color="green" title="Deposit paid">
        Your deposit of {formatCents(d.deposit_cents)} was received — thank you. It is credited to your invoice.
      </Alert>
    );
  }
  if (d.status === 'processing') {
    return (
      <Alert color="blue" title="Deposit processing">
        Your bank payment of {formatCents(d.deposit_cents)} is on its way. Bank payments take a few business days to clear.
      </Alert>
    );
  }
  if (!d.available) return null;
  return (
    <Stack gap="xs" data-testid="pay-deposit">
      {d.last_failed && (
        <Alert color="red" title="Payment failed">
          {ACH_FAILED_NOTICE}
        </Alert>
      )}
      <Button size="md" fullWidth onClick={() => checkout.mutate()} loading={checkout.isPending || checkout.isSuccess}>
        Pay deposit {formatCents(d.deposit_cents)}
      </Button>
      <Text size="xs" c="dimmed">
        By card or US bank account, on Stripe&apos;s secure page.
      </Text>
      {checkout.error ? (
        <Text size="sm" c="red" role="alert">
          {errorText(checkout.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
