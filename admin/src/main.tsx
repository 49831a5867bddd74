import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { STORAGE_KEYS } from './providers/session';
import { InstallPromptOverlay } from './pwa/InstallPromptOverlay';
import { captureInstallPrompt } from './pwa/installPrompt';
import { startOfflineQueue } from './pwa/offlineQueue';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { loadLayout, screenAt } from './routes';

const ignore = () => undefined;

/**
 * Left to React, a signed-in page loads the layout, renders it, and only then asks for the screen;
 * and after sign-in the layout and the dashboard wait for the sign-in's answer. So the layout and
 * the screen of this address start loading now, side by side (the same imports routes.tsx makes).
 */
function preloadFirstScreen(pathname: string): void {
  if (!localStorage.getItem(STORAGE_KEYS.token)) {
    if (pathname !== '/login') return;
    // the sign-in page: while the person types, fetch what the first screen after it needs
    const idle = (cb: () => void) => ('requestIdleCallback' in window ? requestIdleCallback(cb, { timeout: 3000 }) : setTimeout(cb, 1500));
    window.addEventListener('load', () => idle(() => void Promise.all([loadLayout(), screenAt('/dashboard')?.preload()]).catch(ignore)), { once: true });
    return;
  }
  const screen = screenAt(pathname);
  if (!screen) return;
  void loadLayout().catch(ignore);
  void screen.preload().catch(ignore);
}

// before the first render: the browser's install offer may come at once
captureInstallPrompt();

preloadFirstScreen(window.location.pathname);

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
