import '@mantine/core/styles.css';
import './app/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('Error: Root element not found');

createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
