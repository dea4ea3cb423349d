import { MantineProvider } from '@mantine/core';
import type { Session, User } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { theme } from '../app/theme';
import { StaticAuthProvider, type AuthContextValue } from '../lib/auth-provider';

// happy-dom has no document.fonts; Mantine's autosizing Textarea listens to it.
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });

/** A signed-in user for component tests. */
export const TEST_USER = { id: '6f1c1d1e-0000-4000-8000-00000000a11c', email: 'crew@example.test' } as User;

/** A query client per test: no retries (a failing request shows its error at once), nothing shared between tests. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity }, mutations: { retry: false } } });
}

export type RenderOptions = { queryClient?: QueryClient; user?: User | null; route?: string };

/**
 * Renders `ui` inside the app's providers — Mantine with the app theme, a fresh TanStack Query client, a router at
 * `route`, and a signed-in auth state — and returns the query client, so a test can seed answers or watch them.
 */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): RenderResult & { queryClient: QueryClient } {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const user = options.user === undefined ? TEST_USER : options.user;
  const auth: AuthContextValue = {
    session: user ? ({ user, access_token: 'test-token' } as Session) : null,
    user,
    loading: false,
    needsMfa: false,
    signOut: async () => ({ error: null }),
    refreshAssurance: async () => {},
  };
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[options.route ?? '/']}>
          <StaticAuthProvider value={auth}>{ui}</StaticAuthProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, queryClient };
}
