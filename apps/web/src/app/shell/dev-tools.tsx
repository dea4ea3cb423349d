import { Badge, CloseButton, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../../lib/auth-provider';
import { useProfile } from '../../features/profile';

/** Spec 000 §9: the auth debug panel appears after 2 s. */
export const AUTH_DEBUG_DELAY_MS = 2000;

/** The current path, for development builds or forceDevMode only (design.md §10). */
export function DebugStrip() {
  const location = useLocation();
  return (
    <Paper
      shadow="xs"
      px="xs"
      py={2}
      radius="sm"
      withBorder
      style={{ position: 'fixed', left: 8, bottom: 8, zIndex: 150, opacity: 0.85, pointerEvents: 'none' }}
      data-testid="debug-strip"
    >
      <Text size="xs" ff="monospace">
        {`${location.pathname}${location.search}`}
      </Text>
    </Paper>
  );
}

export function AuthDebugPanel() {
  const { session, user, loading, needsMfa } = useAuth();
  const profile = useProfile();
  const [visible, setVisible] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), AUTH_DEBUG_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible || dismissed) return null;

  const state = loading ? 'loading' : session ? 'authenticated' : 'unauthenticated';
  const expires = session?.expires_at ? new Date(session.expires_at * 1000).toLocaleTimeString() : '—';
  return (
    <Paper shadow="md" p="xs" radius="md" withBorder w={260} style={{ position: 'fixed', right: 8, bottom: 8, zIndex: 150 }} data-testid="auth-debug-panel">
      <Group justify="space-between" mb={4}>
        <Text size="xs" fw={700}>
          Auth debug
        </Text>
        <CloseButton size="xs" aria-label="Hide auth debug panel" onClick={() => setDismissed(true)} />
      </Group>
      <Stack gap={2}>
        <Group gap={4}>
          <Badge size="xs" color={session ? 'fieldbook' : 'gray'}>
            {state}
          </Badge>
          {needsMfa && (
            <Badge size="xs" color="orange">
              needs aal2
            </Badge>
          )}
        </Group>
        <Text size="xs">User: {user?.email ?? '—'}</Text>
        <Text size="xs">Role: {profile.data?.role ?? '—'}</Text>
        <Text size="xs">Workspace: {profile.data?.default_workspace_id ? <Code>{profile.data.default_workspace_id.slice(0, 8)}</Code> : 'none'}</Text>
        <Text size="xs">Token expires: {expires}</Text>
      </Stack>
    </Paper>
  );
}
