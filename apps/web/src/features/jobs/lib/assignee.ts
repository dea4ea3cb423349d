import { formatPhoneInput, isPhoneLike, jobClientName, lookupPhone, METADATA_CLIENT_NAME_KEYS, type Job } from '@fieldbook/contract';
import { phoneDirectory, type PhoneDirectory } from '../../contacts';

export type ContactDirectory = PhoneDirectory;
export const contactDirectory = phoneDirectory;

type JobPhones = Pick<Job, 'client_name' | 'metadata'> & { tasks?: ReadonlyArray<{ assigned_to: string | null }> };

/** Every phone a job card may show as a name: its client name (column or metadata) and its tasks' assignees. */
export function phonesOfJobs(jobs: readonly JobPhones[]): string[] {
  const phones: string[] = [];
  for (const job of jobs) {
    const names = [job.client_name, ...METADATA_CLIENT_NAME_KEYS.map((key) => job.metadata?.[key])];
    for (const name of names) if (typeof name === 'string' && isPhoneLike(name)) phones.push(name);
    for (const task of job.tasks ?? []) if (task.assigned_to) phones.push(task.assigned_to);
  }
  return phones;
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
