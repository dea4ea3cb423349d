import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { apiBaseUrl, builtInApiBase, isNativeApp } from '../lib/api-base';
import { AppProviders } from './providers';
import { router } from './router';

/** In the Capacitor app, links that open it (fieldbook://…, App Links) show their screen; loaded only there. */
function useAppLinks(): void {
  useEffect(() => {
    if (!isNativeApp()) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('./app-link-listener')
      .then(({ listenForAppLinks }) => listenForAppLinks((to) => void router.navigate(to), () => [builtInApiBase(), apiBaseUrl()]))
      .then((s) => (stopped ? s() : (stop = s)))
      .catch((err: unknown) => console.error('App links are not available', err));
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
}

export function App() {
  useAppLinks();
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
