import { CONTACTS_BY_PHONE_MAX, contactEndpoints, type ContactsByPhone } from '@fieldbook/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { callEndpoint } from '../../../lib/call-endpoint';
import { useAuth } from '../../../lib/auth-provider';
import { phoneDirectory, type PhoneDirectory } from '../lib/phone-directory';
import { contactKeys } from './keys';

export function getContactsByPhone({ phones, signal }: { phones: readonly string[]; signal?: AbortSignal }): Promise<ContactsByPhone> {
  return callEndpoint(contactEndpoints.byPhone, { query: { phones: phones.join(',') }, signal });
}

/**
 * Names for the phone numbers a screen shows (assignees, phone-like client names): the caller's contacts matching
 * them, asked of the server for exactly those numbers, so a contact far down a long list still gets its name.
 */
export function usePhoneDirectory(phones: readonly (string | null | undefined)[]): PhoneDirectory {
  const { user } = useAuth();
  const wanted = useMemo(
    () => [...new Set(phones.map((p) => p?.trim()).filter((p): p is string => Boolean(p)))].sort().slice(0, CONTACTS_BY_PHONE_MAX),
    [phones],
  );
  const query = useQuery({
    queryKey: contactKeys.byPhone(wanted),
    queryFn: ({ signal }) => getContactsByPhone({ phones: wanted, signal }),
    enabled: Boolean(user) && wanted.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  return useMemo(() => phoneDirectory(query.data?.contacts ?? []), [query.data]);
}
