import { DocumentSchema, documentEndpoints } from '@fieldbook/contract';
import { MantineProvider } from '@mantine/core';
import type { AuthChangeEvent, Session, User } from '@supabase/auth-js';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useCallback } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UploadList } from '../../components/upload/upload-list';
import type * as apiClient from '../../lib/api-client';
import { auth } from '../../lib/auth-client';
import { StaticAuthProvider, type AuthContextValue } from '../../lib/auth-provider';
import { queryClient } from '../../lib/query-client';
import { uploadFile } from '../../lib/uploads/upload-file';
import { useUploadQueue } from '../../lib/uploads/use-upload-queue';
import { makeDocument } from '../../test/factories';
import { fakeApi, type FakeApi } from '../../test/fake-api';
import { theme } from '../theme';
import { ShellProviders, userChanged } from './shell-providers';

// One phone, two crew members (issue 26): what the first one leaves in memory — cached reads, uploads — is not the
// second one's. The session is any signed-in one (the transport's token is not what is tested here).
vi.mock('../../lib/api-client', async (original) => ({
  ...(await original<typeof apiClient>()),
  rawApiAccess: async () => ({ baseUrl: 'http://api.test', token: 'a-token' }),
}));

/** The auth client's events, as auth-js sends them to its listeners. */
type Listener = (event: AuthChangeEvent, session: Session | null) => void;
const listeners: Listener[] = [];
vi.spyOn(auth, 'onAuthStateChange').mockImplementation(((listener: Listener) => {
  listeners.push(listener);
  return { data: { subscription: { id: String(listeners.length), callback: listener, unsubscribe: () => {} } } };
}) as unknown as typeof auth.onAuthStateChange);
const authEvent = (event: AuthChangeEvent, user: User | null) => act(() => listeners.forEach((l) => l(event, user ? ({ user } as Session) : null)));

const ANN = { id: '6f1c1d1e-0000-4000-8000-0000000000a1', email: 'ann@example.test' } as User;
const BO = { id: '6f1c1d1e-0000-4000-8000-0000000000b0', email: 'bo@example.test' } as User;

/** The Document Manager's app queue (features/documents upload-area.tsx), its uploads stopping with their signal. */
const signals: AbortSignal[] = [];
function Documents() {
  const queue = useUploadQueue<File>(
    useCallback((file: File, { onProgress, signal }) => {
      signals.push(signal);
      return uploadFile({ path: documentEndpoints.upload.path, file, fileName: file.name, schema: DocumentSchema, onProgress, signal });
    }, []),
    { id: 'documents:all' },
  );
  const files = ['plan.pdf', 'permit.pdf', 'invoice.pdf'].map((name) => ({ name, size: 8, source: new File(['%PDF-1.4'], name) }));
  return (
    <>
      <button type="button" onClick={() => void queue.add(files)}>
        Add
      </button>
      <UploadList queue={queue} label="Uploads" />
    </>
  );
}

/** The app as the router has it: the shell (and its providers) only while someone is signed in. */
function App({ user }: { user: User | null }) {
  const value: AuthContextValue = {
    session: user ? ({ user, access_token: 'a-token' } as Session) : null,
    user,
    loading: false,
    needsMfa: false,
    signOut: async () => ({ error: null }),
    refreshAssurance: async () => {},
  };
  return (
    <MantineProvider theme={theme}>
      <StaticAuthProvider value={value}>
        {user && (
          <ShellProviders>
            <Documents />
          </ShellProviders>
        )}
      </StaticAuthProvider>
    </MantineProvider>
  );
}

let api: FakeApi;
beforeEach(() => {
  // Nobody's data from an earlier test.
  userChanged(null);
  userChanged(null);
  signals.length = 0;
  api = fakeApi();
});
afterEach(() => {
  vi.unstubAllGlobals();
  expect(api.problems).toEqual([]);
});

describe('the shell’s data across users', () => {
  it('a user signing out leaves nothing to the next one: their uploads stop, and neither uploads nor cached reads show', async () => {
    const answer = api.hold(documentEndpoints.upload, makeDocument('plan.pdf'), { progress: 40 });
    const { rerender } = render(<App user={ANN} />);
    authEvent('INITIAL_SESSION', ANN);
    queryClient.setQueryData(['profile'], { full_name: 'Ann' });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByTestId('upload-item')[0]!.textContent).toContain('Uploading 40%'));

    // Ann signs out mid-upload: auth-js says so, the guard leaves for /login (the shell unmounts).
    authEvent('SIGNED_OUT', null);
    rerender(<App user={null} />);
    expect(signals[0]!.aborted).toBe(true);
    answer();
    await new Promise((resolve) => setTimeout(resolve, 30));

    // Bo signs in on the same phone and opens Documents.
    authEvent('SIGNED_IN', BO);
    rerender(<App user={BO} />);
    expect(screen.queryAllByTestId('upload-item')).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
    // Ann's other two files were never sent (with Bo's session or any other).
    expect(api.calls(documentEndpoints.upload)).toHaveLength(1);
  });

  it('a session that first resolves, or is refreshed, keeps the cache and the uploads', async () => {
    api.on(documentEndpoints.upload, makeDocument('plan.pdf'));
    queryClient.setQueryData(['profile'], { full_name: 'Bo' });
    render(<App user={BO} />);
    authEvent('INITIAL_SESSION', BO);
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(screen.getAllByTestId('upload-item').every((el) => el.textContent?.includes('Uploaded'))).toBe(true));
    authEvent('TOKEN_REFRESHED', BO);
    expect(queryClient.getQueryData(['profile'])).toEqual({ full_name: 'Bo' });
    expect(screen.getAllByTestId('upload-item')).toHaveLength(3);
  });
});
