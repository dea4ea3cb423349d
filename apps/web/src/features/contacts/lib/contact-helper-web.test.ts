import { CONTACT_HELPER_METHODS, CONTACT_HELPER_UNAVAILABLE, ContactHelper, contactHelperAvailability } from '@fieldbook/contact-helper';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The contact helper's web implementation (spec 001 §7 "Mobile plugins"; issue 32 item 12), as a browser runs it: the
 * Contact Picker API where the browser has one, else a clear UNAVAILABLE. The native side is pinned over the fake
 * bridge (e2e/contact-helper-bridge.spec.ts).
 */
const withPicker = (select: (properties: string[], options?: { multiple?: boolean }) => Promise<unknown[]>) =>
  Object.defineProperty(navigator, 'contacts', { value: { select: vi.fn(select) }, configurable: true });

afterEach(() => {
  delete (navigator as { contacts?: unknown }).contacts;
});

describe('the contact helper in a browser', () => {
  it('lists the methods a native plugin’s header names', () => {
    expect([...CONTACT_HELPER_METHODS]).toEqual(['checkPermissions', 'requestPermissions', 'pickContacts', 'getContacts', 'getGroups']);
  });

  it('without a Contact Picker: availability none, permission denied, and every read rejects UNAVAILABLE with its message', async () => {
    expect(contactHelperAvailability()).toBe('none');
    expect(await ContactHelper.checkPermissions()).toEqual({ contacts: 'denied' });
    expect(await ContactHelper.requestPermissions()).toEqual({ contacts: 'denied' });
    for (const call of [() => ContactHelper.pickContacts(), () => ContactHelper.getContacts({ query: 'ann' }), () => ContactHelper.getGroups()]) {
      await expect(call()).rejects.toMatchObject({ code: 'UNAVAILABLE', message: CONTACT_HELPER_UNAVAILABLE });
    }
  });

  it('with the Contact Picker API: picks through it (one by default, several when asked) as the spec’s picker contacts', async () => {
    withPicker(async (_properties, options) =>
      options?.multiple
        ? [
            { name: ['Rosa Electric'], tel: ['+1 (512) 555-0177'], email: [] },
            { name: [' Ann Roofer '], tel: ['', '737 555 0123'], email: ['ann@example.com'] },
          ]
        : [{ name: ['Rosa Electric'], tel: ['+1 (512) 555-0177'], email: ['rosa@example.com'] }],
    );
    expect(contactHelperAvailability()).toBe('picker');
    expect(await ContactHelper.checkPermissions()).toEqual({ contacts: 'prompt' });
    const one = await ContactHelper.pickContacts();
    const select = (navigator as unknown as { contacts: { select: ReturnType<typeof vi.fn> } }).contacts.select;
    expect(select).toHaveBeenCalledWith(['name', 'tel', 'email'], { multiple: false });
    expect(one.contacts).toEqual([{ id: expect.any(String), name: 'Rosa Electric', phoneNumber: '+1 (512) 555-0177', photoUrl: null, email: 'rosa@example.com' }]);

    const several = await ContactHelper.pickContacts({ multiple: true });
    expect(select).toHaveBeenLastCalledWith(['name', 'tel', 'email'], { multiple: true });
    expect(several.contacts.map(({ name, phoneNumber, email }) => ({ name, phoneNumber, email }))).toEqual([
      { name: 'Rosa Electric', phoneNumber: '+1 (512) 555-0177', email: null },
      { name: 'Ann Roofer', phoneNumber: '737 555 0123', email: 'ann@example.com' },
    ]);
    expect(new Set(several.contacts.map((c) => c.id)).size).toBe(2);
    // Listing the address book is not something a browser can do, picker or not.
    await expect(ContactHelper.getContacts()).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it('a cancelled pick answers no contacts', async () => {
    withPicker(async () => []);
    expect(await ContactHelper.pickContacts()).toEqual({ contacts: [] });
  });
});
