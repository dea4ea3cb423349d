import { useEffect, useRef } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { apiBaseUrl, builtInApiBase, isNativeApp } from '../lib/api-base';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

/** In the Capacitor app, links that open it (fieldbook://…, App Links) show their screen; loaded only there. */
function AppLinks() {
  const navigate = useNavigate();
  // useNavigate's function changes with the location; the listener lives for the app's run and uses the latest one.
  const navigateRef = useRef(navigate);
  navigateRef.current = navigate;
  useEffect(() => {
    if (!isNativeApp()) return;
    let stopped = false;
    let stop: (() => void) | undefined;
    void import('./app-link-listener')
      .then(({ listenForAppLinks }) => listenForAppLinks((to) => void navigateRef.current(to), () => [builtInApiBase(), apiBaseUrl()]))
      .then((s) => (stopped ? s() : (stop = s)))
      .catch((err: unknown) => console.error('App links are not available', err));
    return () => {
      stopped = true;
      stop?.();
    };
  }, []);
  return null;
}

export function App() {
  return (
    <AppProviders>
      <BrowserRouter>
        <AppLinks />
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
