import { describe, expect, it } from 'vitest';
import { makeContact } from '../../../test/factories';
import { assigneeLabel, contactDirectory, jobDisplayName } from './assignee';


const directory = contactDirectory([makeContact('Dave Chen', '5125550178')]);

describe('assigneeLabel', () => {
  it("names the caller's contact with that phone, also through +1 and formatting", () => {
    expect(assigneeLabel('5125550178', directory)).toBe('Dave Chen');
    expect(assigneeLabel('+15125550178', directory)).toBe('Dave Chen');
    expect(assigneeLabel('(512) 555-0178', directory)).toBe('Dave Chen');
  });

  it('shows an unknown phone formatted, and Unassigned when empty', () => {
    expect(assigneeLabel('5125550000', directory)).toBe('(512) 555-0000');
    expect(assigneeLabel(null, directory)).toBe('Unassigned');
  });
});

describe('jobDisplayName', () => {
  it('applies the client-name clean-up', () => {
    expect(jobDisplayName({ client_name: 'Greenway HOA', metadata: {} }, directory)).toBe('Greenway HOA');
    expect(jobDisplayName({ client_name: 'final_invoice.pdf', metadata: {} }, directory)).toBe('Unnamed Client');
    expect(jobDisplayName({ client_name: '512-555-0178', metadata: {} }, directory)).toBe('Dave Chen');
    expect(jobDisplayName({ client_name: null, metadata: { customerName: 'Ana Ruiz' } }, directory)).toBe('Ana Ruiz');
  });
});
