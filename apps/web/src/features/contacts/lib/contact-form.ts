import { digitsOnly, formatPhoneInput, INVALID_PHONE_MESSAGE, type Contact, type UpdateContactBody } from '@fieldbook/contract';

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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Spec 001 §5: name required, phone required and exactly 10 digits; email and notes optional. */
export function validateContactForm(values: ContactFormValues): ContactFormErrors {
  const errors: ContactFormErrors = {};
  if (!values.name.trim()) errors.name = 'Contact name is required';
  const digits = digitsOnly(values.phone);
  if (!values.phone.trim()) errors.phone = 'Phone number is required';
  else if (digits.length !== 10) errors.phone = INVALID_PHONE_MESSAGE;
  if (values.email.trim() && !EMAIL.test(values.email.trim())) errors.email = 'Please enter a valid email address';
  return errors;
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

/** Server field names → form field names (the API names the phone `phone_number`). */
export const CONTACT_SERVER_FIELDS: Readonly<Record<string, keyof ContactFormValues>> = {
  name: 'name',
  phone_number: 'phone',
  phone: 'phone',
  email: 'email',
  role: 'role',
  notes: 'notes',
};
