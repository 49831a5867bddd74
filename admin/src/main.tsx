import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { captureInstallPrompt } from './pwa/installPrompt';
import { registerServiceWorker } from './pwa/registerServiceWorker';

// react-admin would use a hash router by default; the spec's routes are real paths
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

captureInstallPrompt();
if (import.meta.env.PROD) registerServiceWorker();
