import { Alert, Badge, Button, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { usePaymentsStatus } from '../api/get-payments-status';
import { useConnectStripe, useDisconnectStripe } from '../api/stripe-connect';
import { useUpdatePaymentSettings } from '../api/update-payment-settings';
import { takeStripeConnectReturn } from '../lib/stripe-connect-return';
import { errorText } from './error-text';

const yesNo = (on: boolean, yes: string, no: string) => (
  <Badge color={on ? 'green' : 'gray'} variant="light">
    {on ? yes : no}
  </Badge>
);

/**
 * Settings › Payments (issue 33, Stripe Connect): the company's own Stripe account, which its clients' online payments
 * go to. A workspace admin connects it through Stripe's onboarding (the browser leaves for Stripe and comes back here),
 * continues an unfinished onboarding, or disconnects; everyone sees whether clients are offered Pay, and why not.
 */
export function PaymentsSettings() {
  const [back] = useState(takeStripeConnectReturn);
  const status = usePaymentsStatus({ waitForStripe: back === 'done' });
  const connect = useConnectStripe();
  const disconnect = useDisconnectStripe();
  const settings = useUpdatePaymentSettings();
  const [confirming, setConfirming] = useState(false);
  const data = status.data;
  if (status.isPending)
    return (
      <Group gap="xs">
        <Loader size="xs" type="dots" />
        <Text size="sm" c="dimmed">
          Loading payments…
        </Text>
      </Group>
    );
  if (!data)
    return (
      <Alert color="red" variant="light" role="alert">
        {errorText(status.error) ?? 'Payments could not be loaded.'}
      </Alert>
    );
  const c = data.connection;
  const failure = connect.error ?? disconnect.error ?? settings.error;
  return (
    <Stack gap="md" data-testid="payments-settings">
      <Text size="sm">Clients pay your invoices and deposits online by card or bank, on Stripe’s page, into your company’s own Stripe account. Card and bank numbers never reach Fieldbook.</Text>
      {back === 'refresh' && (
        <Alert color="yellow" variant="light">
          Stripe’s setup link expired before it was finished. Continue with Stripe to pick up where you left off.
        </Alert>
      )}
      {back === 'done' && !data.enabled && c && (
        <Alert color="blue" variant="light">
          Back from Stripe. Stripe is checking your details: this page shows when your account takes payments.
        </Alert>
      )}
      {data.enabled ? (
        <Alert color="green" variant="light">
          Online payments are on: your clients’ invoice and quote links offer Pay.
        </Alert>
      ) : (
        <Text size="sm" c="dimmed">
          {data.reason}
        </Text>
      )}
      {c && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            Stripe account {c.account_id}
          </Text>
          <Group gap="xs">
            {yesNo(c.details_submitted, 'Details submitted', 'Details missing')}
            {yesNo(c.charges_enabled, 'Takes payments', 'Payments not enabled')}
            {yesNo(c.payouts_enabled, 'Payouts on', 'Payouts off')}
          </Group>
        </Stack>
      )}
      {data.stripe_configured && data.can_manage && confirming && c && (
        <Alert color="red" variant="light" title="Disconnect Stripe?">
          <Stack gap="xs">
            <Text size="sm">Your clients will no longer be offered Pay until Stripe is connected again. Your Stripe account and its money stay yours.</Text>
            <Group gap="xs" wrap="wrap">
              <Button color="red" loading={disconnect.isPending} onClick={() => disconnect.mutate(undefined, { onSuccess: () => setConfirming(false) })}>
                Disconnect
              </Button>
              <Button variant="default" onClick={() => setConfirming(false)}>
                Keep connected
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}
      {data.stripe_configured && data.can_manage && !confirming && (
        <Group gap="xs" wrap="wrap">
          {!data.enabled && (
            <Button loading={connect.isPending} onClick={() => connect.mutate()}>
              {c ? 'Continue with Stripe' : 'Connect with Stripe'}
            </Button>
          )}
          {c && (
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)}>
              Disconnect Stripe
            </Button>
          )}
        </Group>
      )}
      {data.stripe_configured && !data.can_manage && !data.enabled && (
        <Text size="xs" c="dimmed">
          Only a workspace admin can connect Stripe.
        </Text>
      )}
      {data.enabled && (
        <Switch
          label="Clients may pay part of an invoice"
          checked={data.allow_partial_payments}
          disabled={!data.can_manage || settings.isPending}
          onChange={(e) => settings.mutate(e.currentTarget.checked)}
        />
      )}
      {failure ? (
        <Text size="sm" c="red" role="alert">
          {errorText(failure)}
        </Text>
      ) : null}
    </Stack>
  );
}
