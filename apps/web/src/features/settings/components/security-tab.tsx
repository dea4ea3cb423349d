import { Alert, Badge, Button, Code, Group, Image, Loader, Paper, PinInput, Stack, Text } from '@mantine/core';
import type { Factor } from '@supabase/auth-js';
import { IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import toast from 'react-hot-toast';
import { auth } from '../../../lib/auth-client';
import { useAuth } from '../../../lib/auth-provider';

type Enrollment = { factorId: string; qrCode: string; secret: string };

const factorKeys = { me: (userId: string | undefined) => ['mfa-factors', userId ?? 'anonymous'] as const };

async function listFactors(): Promise<Factor[]> {
  const { data, error } = await auth.mfa.listFactors();
  if (error) throw error;
  return data.all;
}

/** Two-step verification: enrol an authenticator app (TOTP) with its QR code, verify it, list and remove factors. */
export function SecurityTab() {
  const { user, refreshAssurance } = useAuth();
  const queryClient = useQueryClient();
  const factors = useQuery({ queryKey: factorKeys.me(user?.id), queryFn: listFactors });
  const [enrollment, setEnrollment] = useState<Enrollment | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const reload = async () => {
    await queryClient.invalidateQueries({ queryKey: factorKeys.me(user?.id) });
    await refreshAssurance();
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err instanceof Error ? err.message : 'An unexpected error occurred. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const startEnrollment = () =>
    run(async () => {
      const count = factors.data?.length ?? 0;
      const { data, error: enrollError } = await auth.mfa.enroll({ factorType: 'totp', friendlyName: `Authenticator app ${count + 1}` });
      if (enrollError) throw enrollError;
      setEnrollment({ factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret });
      setCode('');
      await queryClient.invalidateQueries({ queryKey: factorKeys.me(user?.id) });
    });

  const verifyEnrollment = () =>
    run(async () => {
      if (!enrollment) return;
      if (!/^\d{6}$/.test(code)) throw new Error('Enter the 6-digit code from your authenticator app');
      const { error: verifyError } = await auth.mfa.challengeAndVerify({ factorId: enrollment.factorId, code });
      if (verifyError) {
        setCode('');
        throw verifyError;
      }
      setEnrollment(null);
      toast.success('Two-step verification is on');
      await reload();
    });

  const removeFactor = (factorId: string) =>
    run(async () => {
      const { error: removeError } = await auth.mfa.unenroll({ factorId });
      if (removeError) throw removeError;
      if (enrollment?.factorId === factorId) setEnrollment(null);
      await reload();
    });

  const verified = factors.data?.filter((f) => f.status === 'verified') ?? [];
  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>Two-step verification</Text>
        <Text size="sm" c="dimmed">
          Ask for a 6-digit code from an authenticator app (Google Authenticator, 1Password, Authy…) each time you sign in.
        </Text>
      </div>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
      {factors.isPending && <Loader size="sm" type="dots" />}
      {factors.isError && <Alert color="red" variant="light">{`Failed to load your authenticator apps: ${factors.error.message}`}</Alert>}
      {factors.data && factors.data.length > 0 && (
        <Stack gap="xs">
          {factors.data.map((factor) => (
            <Paper key={factor.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap">
                <Group gap="sm" wrap="nowrap">
                  <IconShieldLock size={20} />
                  <div>
                    <Text size="sm" fw={500}>
                      {factor.friendly_name || 'Authenticator app'}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Added {new Date(factor.created_at).toLocaleDateString()}
                    </Text>
                  </div>
                  <Badge size="sm" variant="light" color={factor.status === 'verified' ? 'fieldbook' : 'gray'}>
                    {factor.status === 'verified' ? 'Verified' : 'Not verified'}
                  </Badge>
                </Group>
                <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} disabled={busy} onClick={() => void removeFactor(factor.id)}>
                  Remove
                </Button>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      {enrollment ? (
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm" align="center">
            <Text size="sm" ta="center">
              Scan this QR code with your authenticator app, then enter the 6-digit code it shows.
            </Text>
            <Image src={enrollment.qrCode} alt="QR code for your authenticator app" w={180} h={180} bg="white" p={6} radius="sm" />
            <Text size="xs" c="dimmed">
              Can't scan? Enter this key: <Code>{enrollment.secret}</Code>
            </Text>
            <PinInput length={6} type="number" oneTimeCode value={code} onChange={setCode} ariaLabel="Verification code" />
            <Group>
              <Button variant="default" disabled={busy} onClick={() => void removeFactor(enrollment.factorId)}>
                Cancel
              </Button>
              <Button loading={busy} onClick={() => void verifyEnrollment()}>
                Verify
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : (
        <Group>
          <Button variant="light" leftSection={<IconShieldLock size={16} />} loading={busy} disabled={factors.isPending} onClick={() => void startEnrollment()}>
            {verified.length > 0 ? 'Add another authenticator app' : 'Set up authenticator app'}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
