import { useMemo } from 'react';
import { useContacts } from '../../contacts/api/get-contacts';
import { contactDirectory, type ContactDirectory } from './assignee';

/** The caller's contacts as a phone index, built once per list (assignee names, phone-like client names). */
export function useContactDirectory(): ContactDirectory {
  const contacts = useContacts();
  return useMemo(() => contactDirectory(contacts.data?.contacts ?? []), [contacts.data]);
}
