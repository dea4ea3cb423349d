import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useRef, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { useAuth } from '../../lib/auth-provider';
import { queryClient } from '../../lib/query-client';

/**
 * Data and toasts for the signed-in screens and the public invitation page. The cache is dropped when a signed-in
 * user signs out or changes — not when a session first resolves: clearing then would cancel the public page's
 * queries in flight and leave them pending for good.
 */
export function ShellProviders({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id ?? null;
  const previous = useRef(userId);
  useEffect(() => {
    if (previous.current !== null && previous.current !== userId) queryClient.clear();
    previous.current = userId;
  }, [userId]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* react-hot-toast's defaults are the specified durations and limits (spec 000 §9). */}
      <Toaster />
    </QueryClientProvider>
  );
}
