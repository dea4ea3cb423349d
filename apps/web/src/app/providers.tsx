import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Toaster } from 'react-hot-toast';
import { queryClient } from '../lib/query-client';
import { theme } from './theme';

/** The theme is kept under localStorage `theme` (light | dark) so it applies before the settings API answers. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {children}
        {/* react-hot-toast's defaults are the specified durations and limits (spec 000 §9). */}
        <Toaster />
      </QueryClientProvider>
    </MantineProvider>
  );
}
