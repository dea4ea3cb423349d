import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { useAuth } from '../../lib/auth-provider';
import { queryClient } from '../../lib/query-client';

/** Data and toasts for the signed-in screens. The cache is dropped when the user signs out or changes. */
export function ShellProviders({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const userId = user?.id;
  useEffect(() => () => queryClient.clear(), [userId]);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      {/* react-hot-toast's defaults are the specified durations and limits (spec 000 §9). */}
      <Toaster />
    </QueryClientProvider>
  );
}
