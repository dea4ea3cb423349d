import type { Contact, ContactList, CreateContactBody, UpdateContactBody } from '@fieldbook/contract';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { OfflineAppliers } from '../../../lib/offline/offline-queue';
import { contactKeys } from './keys';

/**
 * A contact saved or deleted offline (issue 26): the write waits in the offline queue (lib/offline) and the cached
 * lists show it at once — a new one first in the unfiltered lists with a temporary id, an edited one with its new
 * fields, a deleted one gone.
 */

function text(v: string | null | undefined): string | null {
  return v === undefined || v === null || v.trim() === '' ? null : v;
}

export function optimisticContact(tempId: string, ownerId: string, body: CreateContactBody, now = new Date()): Contact {
  const input = body as Record<string, unknown>;
  const phone = String(input.phone_number ?? input.phone ?? '').replace(/\D/g, '');
  const at = now.toISOString();
  return {
    id: tempId,
    owner_id: ownerId,
    name: String(input.name ?? '').trim(),
    phone_number: phone,
    phone,
    email: text(input.email as string | null | undefined),
    notes: text(input.notes as string | null | undefined),
    role: text(input.role as string | null | undefined),
    email_opt_in: Boolean(input.email_opt_in),
    sms_opt_in: Boolean(input.sms_opt_in),
    created_at: at,
    updated_at: at,
    shared_by: null,
    shared_group_ids: [],
  };
}

type Pages = InfiniteData<ContactList, number>;

export function applyOfflineContactCreate(queryClient: QueryClient, contact: Contact): void {
  queryClient.setQueryData<Pages>(contactKeys.pages(''), (data) => {
    if (!data || data.pages.length === 0) return data;
    if (data.pages.some((p) => p.contacts.some((c) => c.id === contact.id))) return data;
    const [first, ...rest] = data.pages;
    return { ...data, pages: [{ contacts: [contact, ...first!.contacts], total: first!.total + 1 }, ...rest] };
  });
  queryClient.setQueryData<ContactList>(contactKeys.list(''), (data) =>
    data && !data.contacts.some((c) => c.id === contact.id) ? { contacts: [contact, ...data.contacts], total: data.total + 1 } : data,
  );
}

export function patchedContact(contact: Contact, body: UpdateContactBody): Contact {
  const b = body as Record<string, unknown>;
  const phone = typeof b.phone_number === 'string' ? b.phone_number.replace(/\D/g, '') : undefined;
  return {
    ...contact,
    ...(typeof b.name === 'string' ? { name: b.name.trim() } : {}),
    ...(phone !== undefined ? { phone_number: phone, phone } : {}),
    ...('email' in b ? { email: text(b.email as string | null) } : {}),
    ...('notes' in b ? { notes: text(b.notes as string | null) } : {}),
    ...('role' in b ? { role: text(b.role as string | null) } : {}),
    ...(typeof b.email_opt_in === 'boolean' ? { email_opt_in: b.email_opt_in } : {}),
    ...(typeof b.sms_opt_in === 'boolean' ? { sms_opt_in: b.sms_opt_in } : {}),
    updated_at: new Date().toISOString(),
  };
}

/** The contact as the caches hold it (any list or its detail), or null. */
export function cachedContact(queryClient: QueryClient, id: string): Contact | null {
  const detail = queryClient.getQueryData<Contact>(contactKeys.detail(id));
  if (detail) return detail;
  for (const [, data] of queryClient.getQueriesData<Pages | ContactList>({ queryKey: contactKeys.all })) {
    const lists = data && 'pages' in data ? data.pages : data && 'contacts' in data ? [data] : [];
    for (const list of lists) {
      const found = list?.contacts?.find((c) => c.id === id);
      if (found) return found;
    }
  }
  return null;
}

export function applyOfflineContactUpdate(queryClient: QueryClient, contact: Contact): void {
  const swap = (list: ContactList): ContactList => ({ ...list, contacts: list.contacts.map((c) => (c.id === contact.id ? contact : c)) });
  queryClient.setQueriesData<Pages | ContactList>({ queryKey: contactKeys.all }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data && Array.isArray(data.pages)) return { ...data, pages: data.pages.map(swap) };
    if ('contacts' in data && Array.isArray(data.contacts)) return swap(data);
    return data;
  });
  queryClient.setQueryData(contactKeys.detail(contact.id), contact);
}

/** A contact deleted offline leaves every cached list (idempotent: a list without it stays as it is). */
export function applyOfflineContactDelete(queryClient: QueryClient, id: string): void {
  const without = (list: ContactList): ContactList => {
    const contacts = list.contacts.filter((c) => c.id !== id);
    return contacts.length === list.contacts.length ? list : { ...list, contacts, ...(typeof list.total === 'number' ? { total: Math.max(0, list.total - 1) } : {}) };
  };
  queryClient.setQueriesData<Pages | ContactList>({ queryKey: contactKeys.all }, (data) => {
    if (!data || typeof data !== 'object') return data;
    if ('pages' in data && Array.isArray(data.pages)) {
      const pages = data.pages.map(without);
      return pages.every((p, i) => p === data.pages[i]) ? data : { ...data, pages };
    }
    if ('contacts' in data && Array.isArray(data.contacts)) return without(data);
    return data;
  });
}

/** The contact writes of the offline queue shown again on fetched data (lib/offline OfflineQueueSync). */
export const contactOfflineAppliers: OfflineAppliers = {
  'contacts.create': (queryClient, write) => {
    if (write.request.kind !== 'endpoint' || !write.tempId) return;
    applyOfflineContactCreate(queryClient, optimisticContact(write.tempId, write.userId, write.request.body as CreateContactBody, new Date(write.createdAt)));
  },
  'contacts.update': (queryClient, write) => {
    if (write.request.kind !== 'endpoint' || !write.request.params?.id) return;
    const current = cachedContact(queryClient, write.request.params.id);
    const body = write.request.body as UpdateContactBody;
    // Applied again only where the fetched copy differs (idempotent: the same fields give the same contact).
    if (current) applyOfflineContactUpdate(queryClient, { ...patchedContact(current, body), updated_at: current.updated_at });
  },
  'contacts.remove': (queryClient, write) => {
    if (write.request.kind === 'endpoint' && write.request.params?.id) applyOfflineContactDelete(queryClient, write.request.params.id);
  },
};
