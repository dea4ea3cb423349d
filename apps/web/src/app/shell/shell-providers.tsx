import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { auth } from '../../lib/auth-client';
import { queryClient } from '../../lib/query-client';
import { dropUploadQueues } from '../../lib/uploads/use-upload-queue';

/**
 * Whose data the query cache and the app's upload queues hold. Module state, as they are: they outlive the shell,
 * which unmounts at sign-out (the guard leaves for /login) and so never sees its user go.
 */
let holder: string | null = null;
let watching = false;

/**
 * The one place a user's data kept in memory goes when they sign out or another user signs in: the cached reads, and
 * the upload queues — their uploads stopped, so none of their files is shown, retried or sent with the next user's
 * session. Not when a session first resolves (from nobody): clearing then would cancel the public page's queries in
 * flight and leave them pending for good.
 */
export function userChanged(userId: string | null): void {
  if (holder !== null && holder !== userId) {
    queryClient.clear();
    dropUploadQueues(queryClient);
  }
  holder = userId;
}

/** From the first shell on, the auth client's events (sign-out too, once no shell is mounted) drive userChanged. */
function watchUser(): void {
  if (watching) return;
  watching = true;
  auth.onAuthStateChange((_event, session) => userChanged(session?.user.id ?? null));
}

/** Data and toasts for the signed-in screens and the public invitation page. */
export function ShellProviders({ children }: { children: ReactNode }) {
  watchUser(); // idempotent: once per page
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* react-hot-toast's defaults are the specified durations and limits (spec 000 §9). A toast only tells: taps go
          through it, so on a phone the header's buttons under it answer while it shows (e2e/recorder-bridge.spec.ts). */}
      <Toaster toastOptions={{ style: { pointerEvents: 'none' } }} />
    </QueryClientProvider>
  );
}
