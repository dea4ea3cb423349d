import { Alert, Center, Loader } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { errorReason } from '../../../lib/error-reason';
import { useProfile } from '../api/get-profile';

/** Spec 002 §6 messages of the admin screens. */
export const ADMIN_ONLY_MESSAGES = {
  profile: 'Error retrieving user profile',
  forbidden: 'You do not have permission to access this page',
} as const;

/**
 * Spec 002 §8 tells two failures apart: the server answered that the profile cannot be read ('Error retrieving user
 * profile'), or the check itself failed — no answer (network, timeout) or an answer that is not one — and then the
 * reason is shown ('Error checking permissions: {reason}').
 */
export function permissionCheckMessage(error: unknown): string {
  if (error instanceof ApiRequestError && error.status > 0) return ADMIN_ONLY_MESSAGES.profile;
  return `Error checking permissions: ${errorReason(error)}`;
}

/**
 * An admin-only screen (spec 002 §6): the profile's role decides what is shown; the server refuses the same
 * callers on every admin endpoint anyway, so this is the message, not the protection.
 */
export function AdminOnly({ children }: { children: ReactNode }) {
  const profile = useProfile();
  if (profile.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Checking permissions" />
      </Center>
    );
  }
  if (profile.isError) {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconLock size={18} />}>
        {permissionCheckMessage(profile.error)}
      </Alert>
    );
  }
  if (profile.data.role !== 'admin') {
    return (
      <Alert color="red" variant="light" role="alert" icon={<IconLock size={18} />}>
        {ADMIN_ONLY_MESSAGES.forbidden}
      </Alert>
    );
  }
  return children;
}
