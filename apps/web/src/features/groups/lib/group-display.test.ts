import { describe, expect, it } from 'vitest';
import { GROUP_COLORS, groupColor, inGroupFilter, invitationsSentMessage, memberCountLabel } from './group-display';

describe('group display rules', () => {
  it('member counts and the invitations message use the spec words', () => {
    expect(memberCountLabel(1)).toBe('1 member');
    expect(memberCountLabel(0)).toBe('0 members');
    expect(memberCountLabel(4)).toBe('4 members');
    expect(invitationsSentMessage(2)).toBe('Invitations sent to 2 contact(s)');
  });

  it('a group keeps its colour, one of 8', () => {
    const id = '2f1c1f5e-9d7a-4a53-9a0b-3b2f6f2a1c11';
    expect(groupColor(id)).toBe(groupColor(id));
    expect(GROUP_COLORS).toContain(groupColor(id));
    const spread = new Set(Array.from({ length: 64 }, (_, i) => groupColor(`group-${i}`)));
    expect(spread.size).toBeGreaterThan(4);
  });

  it('contacts already in the group are matched by phone in any formatting', () => {
    const isInGroup = inGroupFilter([{ phone_number: '+1 (512) 555-0101' }, { phone_number: null }]);
    expect(isInGroup({ phone_number: '5125550101' })).toBe(true);
    expect(isInGroup({ phone_number: '5125550102' })).toBe(false);
  });
});
