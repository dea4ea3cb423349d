import { phoneMatchKeys, type Contact, type GroupMember } from '@fieldbook/contract';

/** Spec 002 §9: group colours from a palette of 8, chosen by a hash of the id (stable across screens). */
export const GROUP_COLORS = ['blue', 'teal', 'grape', 'orange', 'cyan', 'pink', 'lime', 'indigo'] as const;

export function groupColor(id: string): (typeof GROUP_COLORS)[number] {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return GROUP_COLORS[Math.abs(hash) % GROUP_COLORS.length]!;
}

/** '1 member', '3 members' (spec 002 §2). */
export const memberCountLabel = (n: number) => `${n} ${n === 1 ? 'member' : 'members'}`;

/** 'Invitations sent to N contact(s)' (spec 002 §8). */
export const invitationsSentMessage = (n: number) => `Invitations sent to ${n} contact(s)`;

/** Contacts already in the group, matched by phone (spec 002 §2), are not offered in the invite list. */
export function inGroupFilter(members: readonly Pick<GroupMember, 'phone_number'>[]): (contact: Pick<Contact, 'phone_number'>) => boolean {
  const keys = new Set(members.flatMap((m) => (m.phone_number ? phoneMatchKeys(m.phone_number) : [])));
  return (contact) => phoneMatchKeys(contact.phone_number).some((k) => keys.has(k));
}
