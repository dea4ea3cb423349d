import { Anchor, Button, Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The auth forms' submit button: full width, with a spinner and the busy text while the request runs. */
export function SubmitButton({ busy, disabled = busy, label, busyLabel }: { busy: boolean; disabled?: boolean; label: string; busyLabel: string }) {
  return (
    <Button type="submit" size="md" fullWidth disabled={disabled} leftSection={busy ? <Loader size={16} color="gray" /> : undefined}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/** The line under an auth form that leads to another one: 'Already have an account? Sign In'. */
export function OtherFormLink({ prompt, to, children }: { prompt: string; to: string; children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed" ta="center" mt="xs">
      {prompt}{' '}
      <Anchor component={Link} to={to} fw={600}>
        {children}
      </Anchor>
    </Text>
  );
}
