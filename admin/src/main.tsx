import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { InstallPromptOverlay } from './pwa/InstallPromptOverlay';
import { captureInstallPrompt } from './pwa/installPrompt';
import { startOfflineQueue } from './pwa/offlineQueue';
import { registerServiceWorker } from './pwa/registerServiceWorker';

// before the first render: the browser's install offer may come at once
captureInstallPrompt();

// react-admin would use a hash router by default; the spec's routes are real paths
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
    <InstallPromptOverlay />
  </StrictMode>,
);

startOfflineQueue();
if (import.meta.env.PROD) registerServiceWorker();
