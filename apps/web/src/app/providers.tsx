import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import type { ReactNode } from 'react';
import { theme } from './theme';

/** The theme is kept under localStorage `theme` (light | dark) so it applies before the settings API answers. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

/**
 * App-wide providers. TanStack Query and the toaster live in the guarded shell (shell/shell-providers.tsx):
 * the public pages use neither, and keeping them out of the first chunk keeps the login route small
 * (design.md §11: ≤ 150 kB gzip JS).
 */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      {children}
    </MantineProvider>
  );
}
