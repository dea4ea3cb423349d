import { CONTACT_PHONE_SAMPLES, EMAIL_SAMPLES } from '@fieldbook/contract/rules-samples';
import { describe, expect, it } from 'vitest';
import { ApiRequestError, fieldErrorsOf } from '../../../lib/api-client';
import { contactToForm, EMPTY_CONTACT_FORM, CONTACT_SERVER_FIELDS, formToContactBody, validateContactForm } from './contact-form';

describe('contact form', () => {
  it('requires a name and a 10-digit phone with the specified messages', () => {
    expect(validateContactForm(EMPTY_CONTACT_FORM)).toEqual({ name: 'Contact name is required', phone: 'Phone number is required' });
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'Ann', phone: '(555) 123-45' })).toEqual({ phone: 'Please enter a valid 10-digit phone number' });
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'Ann', phone: '(555) 123-4567' })).toEqual({});
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'Ann', phone: '(555) 123-4567', email: 'nope' })).toEqual({ email: 'Please enter a valid email address' });
  });

  it('shows a stored phone formatted and sends it back as digits only', () => {
    const form = contactToForm({
      id: '00000000-0000-4000-8000-000000000001',
      owner_id: '00000000-0000-4000-8000-000000000002',
      name: 'Ann Roofer',
      phone_number: '5551234567',
      phone: '5551234567',
      email: null,
      notes: null,
      role: 'Roofer',
      email_opt_in: false,
      sms_opt_in: true,
      created_at: '',
      updated_at: '',
      shared_by: null,
      shared_group_ids: [],
    });
    expect(form.phone).toBe('(555) 123-4567');
    expect(formToContactBody({ ...form, name: '  Ann Roofer ', notes: '  ' })).toEqual({
      name: 'Ann Roofer',
      phone_number: '5551234567',
      email: null,
      role: 'Roofer',
      notes: null,
      email_opt_in: false,
      sms_opt_in: true,
    });
  });

  it('maps the server field names to form fields', () => {
    const err = new ApiRequestError(409, 'CONFLICT', 'x', [
      { field: 'phone_number', message: 'A contact with this phone number already exists: Ann' },
      { field: 'owner_id', message: 'not a form field' },
    ]);
    expect(fieldErrorsOf(err, CONTACT_SERVER_FIELDS)).toEqual({ phone: 'A contact with this phone number already exists: Ann' });
  });
});

// The contract's one phone rule and one email rule (rules.ts): the form accepts and refuses the samples the server's
// POST /api/contacts does (apps/server/src/features/contacts/phone-email-rules.test.ts runs the same list).
describe('contact form rules are the contract’s', () => {
  it('refuses exactly the phone samples the server refuses', () => {
    for (const [phone, valid] of CONTACT_PHONE_SAMPLES) {
      expect([phone, validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'Ann', phone }).phone]).toEqual([phone, valid ? undefined : 'Please enter a valid 10-digit phone number']);
    }
  });

  it('refuses exactly the email samples the server refuses', () => {
    for (const [email, valid] of EMAIL_SAMPLES) {
      expect([email, validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'Ann', phone: '(555) 123-4567', email }).email]).toEqual([email, valid ? undefined : 'Please enter a valid email address']);
    }
  });

  it('refuses what the server’s schema refuses beyond the spec’s messages (a 201-character name)', () => {
    expect(validateContactForm({ ...EMPTY_CONTACT_FORM, name: 'A'.repeat(201), phone: '(555) 123-4567' }).name).toBeTruthy();
  });
});
