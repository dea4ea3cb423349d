import { runtimeTimeZone } from '@fieldbook/contract';
import { useAuth } from '../../../lib/auth-provider';
import { useMyWorkspace } from '../../workspaces';
import { useProfile } from '../../profile';

/**
 * The workspace's time zone (days and times of photos are the workspace's, design.md §4; this device's zone until it
 * is known), who is signed in, and whether they may delete anyone's photo (a workspace admin: its owner or an admin —
 * the server's rule, which answers 403 otherwise).
 */
export function usePhotoViewer() {
  const mine = useMyWorkspace();
  const profile = useProfile();
  const { user } = useAuth();
  const name = profile.data?.full_name || profile.data?.user_name || user?.email || 'Me';
  return {
    timeZone: mine.data?.workspace?.time_zone ?? runtimeTimeZone(),
    me: user ? { id: user.id, name } : null,
    isWorkspaceAdmin: Boolean(mine.data?.workspace && mine.data.can_edit),
  };
}
