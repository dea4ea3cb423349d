import { useMemo } from 'react';
import { usePhoneDirectory } from '../../contacts';
import { phonesOfJobs, type ContactDirectory } from './assignee';

/** Names for the phones the shown jobs carry (phone-like client names, task assignees), asked of the server. */
export function useContactDirectory(jobs: Parameters<typeof phonesOfJobs>[0]): ContactDirectory {
  const phones = useMemo(() => phonesOfJobs(jobs), [jobs]);
  return usePhoneDirectory(phones);
}
