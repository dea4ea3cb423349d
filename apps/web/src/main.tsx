import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { listenForInstallPrompt } from './lib/install-prompt';
import { clientConfigUrl } from './lib/api-base';
import { loadAllowedOrigins } from './lib/local-settings';

// Which API origins this deployment allows (a stored API URL elsewhere is ignored): asked once per page load — in the
// Capacitor app, of the built-in default API server (lib/api-base.ts).
void loadAllowedOrigins(undefined, clientConfigUrl()).catch(() => {});
// The browser's install offer may come before the download page is open: kept from the start (lib/install-prompt.ts).
listenForInstallPrompt();

const root = document.getElementById('root');
if (!root) throw new Error('Error: Root element not found');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
