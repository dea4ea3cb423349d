import type { Contact, ContactsByPhone } from '@fieldbook/contract';
import type { Db, Tx } from '../../db/client';
import type { Actor } from '../../platform/auth-guard';
import type { FeatureDeps } from '../../platform/deps';

/**
 * What the groups feature is handed by app.ts rather than importing it: the contacts feature reads group memberships
 * and the auth → workspaces → groups chain exists, so importing either back would be a cycle.
 */

/**
 * The caller's contacts, as the contacts feature finds them (members' names by phone, the contacts an invitation
 * names).
 */
export type ContactLookup = {
  byPhone: (opts: { db: Db; actor: Actor; phones: readonly string[] }) => Promise<ContactsByPhone>;
  byIds: (opts: { db: Db; actor: Actor; ids: readonly string[] }) => Promise<Contact[]>;
};

/**
 * An account for the sign-up through an invitation, created inside the invitation's transaction (the auth feature's
 * prepareFlowAccount).
 */
export type PrepareFlowAccount = (
  deps: FeatureDeps & { log: (msg: string, err: unknown) => void },
  input: { email: string; password: string; data: Record<string, unknown> },
) => Promise<(tx: Tx) => Promise<{ userId: string; confirmationRequired: boolean }>>;
