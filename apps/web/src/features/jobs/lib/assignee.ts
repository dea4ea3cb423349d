import { buildPhoneIndex, formatPhoneInput, jobClientName, lookupPhone, type Contact, type Job } from '@fieldbook/contract';

export type ContactDirectory = {
  contacts: readonly Contact[];
  index: ReadonlyMap<string, Contact>;
};

export function contactDirectory(contacts: readonly Contact[]): ContactDirectory {
  return { contacts, index: buildPhoneIndex(contacts) };
}

/** Who a task is assigned to: the contact's name (raw, digits or +1 match), else the formatted phone, else 'Unassigned'. */
export function assigneeLabel(phone: string | null | undefined, directory: ContactDirectory): string {
  if (!phone) return 'Unassigned';
  const contact = lookupPhone(phone, directory.index);
  if (contact) return contact.name;
  return phone.replace(/\D/g, '').length === 10 ? formatPhoneInput(phone) : phone;
}

/** The job's display name after the client-name clean-up rules (spec 001 §5). */
export function jobDisplayName(job: Pick<Job, 'client_name' | 'metadata'>, directory: ContactDirectory): string {
  return jobClientName(job, directory.contacts);
}
