import { Alert } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

/** One status line for the auth forms: errors and successes are announced to screen readers. */
export function FormStatus({ kind, message }: { kind: 'error' | 'success' | 'info'; message: string }) {
  const color = kind === 'error' ? 'red' : kind === 'success' ? 'fieldbook' : 'blue';
  const Icon = kind === 'error' ? IconAlertCircle : kind === 'success' ? IconCircleCheck : IconInfoCircle;
  return (
    <Alert color={color} variant="light" icon={<Icon size={18} />} role={kind === 'info' ? 'status' : 'alert'} py="sm">
      {message}
    </Alert>
  );
}
