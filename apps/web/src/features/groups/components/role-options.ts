import { groupRoleLabel, type GroupRole } from '@fieldbook/contract';

/** The three roles with their spec labels (Admin, Member, View Only). */
export const ROLE_OPTIONS: Array<{ value: GroupRole; label: string }> = (['admin', 'member', 'view_only'] as const).map((value) => ({ value, label: groupRoleLabel(value) }));
