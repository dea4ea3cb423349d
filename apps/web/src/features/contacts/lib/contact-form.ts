import { CreateContactBodySchema, digitsOnly, formatPhoneInput, type Contact, type UpdateContactBody } from '@fieldbook/contract';
import { contractValidate } from '../../../lib/contract-form';

/** The contact form's fields as typed: the phone is kept formatted, (xxx) xxx-xxxx. */
export type ContactFormValues = {
  name: string;
  phone: string;
  email: string;
  role: string;
  notes: string;
  email_opt_in: boolean;
  sms_opt_in: boolean;
};

export type ContactFormErrors = Partial<Record<keyof ContactFormValues, string>>;

export const EMPTY_CONTACT_FORM: ContactFormValues = { name: '', phone: '', email: '', role: '', notes: '', email_opt_in: false, sms_opt_in: false };

export function contactToForm(contact: Contact): ContactFormValues {
  return {
    name: contact.name,
    phone: formatPhoneInput(contact.phone_number),
    email: contact.email ?? '',
    role: contact.role ?? '',
    notes: contact.notes ?? '',
    email_opt_in: contact.email_opt_in,
    sms_opt_in: contact.sms_opt_in,
  };
}

/** The request body: the phone is sent as digits only (the stored form). */
/** (CreateContactBody's input type is opaque — it is a preprocess — so the shared UpdateContactBody shape is used.) */
export function formToContactBody(values: ContactFormValues): UpdateContactBody & { name: string; phone_number: string } {
  return {
    name: values.name.trim(),
    phone_number: digitsOnly(values.phone),
    email: values.email.trim() || null,
    role: values.role.trim() || null,
    notes: values.notes.trim() || null,
    email_opt_in: values.email_opt_in,
    sms_opt_in: values.sms_opt_in,
  };
}

/**
 * Spec 001 §5 (name required, phone required and exactly 10 digits, email optional but valid), checked by the
 * contract's CreateContactBodySchema — the server's own check — on the body this form sends. The phone goes in as
 * typed so that its messages are the schema's (required vs 10 digits).
 */
export const validateContactForm: (values: ContactFormValues) => ContactFormErrors = (values) => contactFormValidate(values);

/** Server field names → form field names (the API names the phone `phone_number`). */
export const CONTACT_SERVER_FIELDS: Readonly<Record<string, keyof ContactFormValues>> = {
  name: 'name',
  phone_number: 'phone',
  phone: 'phone',
  email: 'email',
  role: 'role',
  notes: 'notes',
};

const contactFormValidate = contractValidate(CreateContactBodySchema, (values: ContactFormValues) => ({ ...formToContactBody(values), phone_number: values.phone }), CONTACT_SERVER_FIELDS);
