import { DEPOSIT_MODE_DESCRIPTIONS, DEPOSIT_MODE_LABELS, DEPOSIT_MODES, DEPOSIT_STEP_OFF, type DepositMode } from '@fieldbook/contract';
import { Alert, Loader, Radio, Stack, Text, Title } from '@mantine/core';
import { LoadError } from '../../../components/load-error';
import { useQuoteSettings } from '../api/get-quote-settings';
import { useUpdateQuoteSettings } from '../api/update-quote-settings';
import { errorText } from './quote-errors';

/**
 * Settings › Payments: the workspace's deposit step on approval (issue 33) — No deposit step / Deposit offered /
 * Deposit required. Any member sees it; a workspace admin changes it (saved at once). When the workspace's clients
 * cannot pay online, the chosen step is not in effect and it says so; why (Stripe not connected, …) is Settings ›
 * Payments' status just above it.
 */
export function DepositStepSettings() {
  const settings = useQuoteSettings();
  const save = useUpdateQuoteSettings();
  if (settings.isPending) return <Loader size="xs" type="dots" aria-label="Loading the deposit setting" />;
  if (settings.isError) return <LoadError error={settings.error} onRetry={() => void settings.refetch()} isRetrying={settings.isFetching} title="Could not load the deposit setting" />;
  const s = settings.data;
  return (
    <Stack gap="xs" data-testid="deposit-step-settings">
      <Title order={3} fz={16}>
        Deposit on approval
      </Title>
      <Radio.Group
        value={save.isPending && save.variables ? save.variables.deposit_mode : s.deposit_mode}
        onChange={(v) => save.mutate({ deposit_mode: v as DepositMode })}
        aria-label="Deposit on approval"
      >
        <Stack gap="xs">
          {DEPOSIT_MODES.map((mode) => (
            <Radio key={mode} value={mode} label={DEPOSIT_MODE_LABELS[mode]} description={DEPOSIT_MODE_DESCRIPTIONS[mode]} disabled={!s.can_edit || save.isPending} />
          ))}
        </Stack>
      </Radio.Group>
      {/* Not in effect: said without the server's reason, which Settings › Payments shows just above (it read twice). */}
      {s.notice && (
        <Alert color="yellow" variant="light">
          {DEPOSIT_STEP_OFF(s.deposit_mode, null)}
        </Alert>
      )}
      {!s.can_edit && (
        <Text size="xs" c="dimmed">
          Only a workspace admin can change this.
        </Text>
      )}
      {save.error ? (
        <Text size="sm" c="red" role="alert">
          {errorText(save.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
