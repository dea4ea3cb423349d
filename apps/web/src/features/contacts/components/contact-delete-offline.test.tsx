import 'fake-indexeddb/auto';
import { contactEndpoints } from '@fieldbook/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '@supabase/auth-js';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PendingChanges } from '../../../components/offline/pending-changes';
import { offlineQueue, OfflineQueueSync } from '../../../lib/offline/offline-queue';
import { apiError, fakeApi } from '../../../test/fake-api';
import { makeContact } from '../../../test/factories';
import { setOnline } from '../../../test/online';
import { renderWithProviders } from '../../../test/render';
import { contactOfflineAppliers } from '../api/offline-contacts';
import { ContactsScreen } from './contacts-screen';

/** A contact deleted offline (issue 26): queued with its Idempotency-Key, gone from the list at once, sent once. */
const userNamed = (n: string) => ({ id: `6f1c1d1e-0000-4000-8000-0000000001${n}`, email: `crew${n}@example.test` }) as User;


afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** /contacts/:contactId? as the app routes it (a row opens its contact's URL). */
function ContactsPage() {
  const { contactId } = useParams();
  return <ContactsScreen {...(contactId ? { contactId } : {})} />;
}

function renderScreen(user: User, contactId?: string) {
  return renderWithProviders(
    <>
      <OfflineQueueSync appliers={contactOfflineAppliers} />
      <PendingChanges />
      <Routes>
        <Route path="/contacts/:contactId?" element={<ContactsPage />} />
      </Routes>
    </>,
    { user, route: contactId ? `/contacts/${contactId}` : '/contacts' },
  );
}

async function deleteOpenContact(name: string) {
  const panel = await screen.findByRole('dialog', { name: 'Edit Contact' });
  await userEvent.click(within(panel).getByRole('button', { name: 'Delete' }));
  const confirm = await screen.findByRole('dialog', { name: `Delete ${name}?` });
  await userEvent.click(within(confirm).getByRole('button', { name: 'Delete Contact' }));
}

// Each test clicks through two dialogs with user-event: seconds on a loaded machine, past the 5 s default.
describe('deleting a contact offline', { timeout: 20_000 }, () => {
  it('leaves the list at once, waits in the queue, and is sent once with its key when the network returns', async () => {
    const ann = makeContact('Ann Roofer', '5125550100');
    const bo = makeContact('Bo Plumber', '5125550101');
    const api = fakeApi()
      .on(contactEndpoints.list, { contacts: [ann, bo], total: 2 }, { contacts: [bo], total: 1 })
      .on(contactEndpoints.remove, { ok: true });
    setOnline(true);
    renderScreen(userNamed('01'), ann.id);
    await act(() => offlineQueue.ready());
    expect(await screen.findByText('2 contacts')).toBeTruthy();

    act(() => setOnline(false));
    await deleteOpenContact('Ann Roofer');
    expect(await screen.findByRole('button', { name: 'Pending changes: 1 pending' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('Ann Roofer')).toBeNull());
    expect(screen.getByText('1 contacts')).toBeTruthy();
    expect(api.calls(contactEndpoints.remove)).toHaveLength(0);
    const [queued] = offlineQueue.getSnapshot();
    expect(queued!.label).toBe('Delete contact: Ann Roofer');

    act(() => setOnline(true));
    await waitFor(() => expect(screen.queryByTestId('pending-changes')).toBeNull());
    const calls = api.calls(contactEndpoints.remove);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.params).toEqual({ id: ann.id });
    expect(calls[0]!.headers.get('idempotency-key')).toBe(queued!.id);
    // The list is fetched again after the replay: the server's, without her.
    await waitFor(() => expect(api.calls(contactEndpoints.list).length).toBeGreaterThanOrEqual(2));
    expect(screen.queryByText('Ann Roofer')).toBeNull();
    expect(api.problems).toEqual([]);
  });

  it('a contact already gone from the server (404) counts as deleted, not as a refused change', async () => {
    const ann = makeContact('Ann Roofer', '5125550100');
    const api = fakeApi()
      .on(contactEndpoints.list, { contacts: [ann], total: 1 })
      .on(contactEndpoints.remove, apiError(404, 'NOT_FOUND', 'Contact not found'));
    setOnline(true);
    renderScreen(userNamed('02'), ann.id);
    await act(() => offlineQueue.ready());
    expect(await screen.findByText('1 contacts')).toBeTruthy();
    act(() => setOnline(false));
    await deleteOpenContact('Ann Roofer');
    expect(await screen.findByRole('button', { name: 'Pending changes: 1 pending' })).toBeTruthy();
    act(() => setOnline(true));
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    expect(api.calls(contactEndpoints.remove)).toHaveLength(1);
  });

  it('a contact made offline and deleted before it was sent is never sent: both writes leave the queue', async () => {
    const api = fakeApi().on(contactEndpoints.list, { contacts: [], total: 0 });
    setOnline(true);
    renderScreen(userNamed('03'));
    await act(() => offlineQueue.ready());
    expect(await screen.findByText('No contacts available')).toBeTruthy();
    act(() => setOnline(false));
    await userEvent.click(screen.getByRole('button', { name: 'Add Contact' }));
    const panel = await screen.findByRole('dialog', { name: 'New Contact' });
    await userEvent.type(within(panel).getByLabelText(/^Name/), 'Rosa Electric');
    await userEvent.type(within(panel).getByLabelText(/^Phone number/), '5125550177');
    await userEvent.click(within(panel).getByRole('button', { name: 'Create Contact' }));
    expect(await screen.findByRole('button', { name: 'Pending changes: 1 pending' })).toBeTruthy();
    expect(offlineQueue.getSnapshot()[0]!.tempId).toMatch(/^offline-/);
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Rosa Electric' }));
    await deleteOpenContact('Rosa Electric');
    await waitFor(() => expect(offlineQueue.getSnapshot()).toEqual([]));
    act(() => setOnline(true));
    expect(api.calls(contactEndpoints.create)).toHaveLength(0);
    expect(api.calls(contactEndpoints.remove)).toHaveLength(0);
  });
});
