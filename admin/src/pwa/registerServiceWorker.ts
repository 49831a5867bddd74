/**
 * Spec 4: the service worker is registered at /sw.js with scope /. When an update is installed
 * while a controller exists the page reloads (the new worker is told to SKIP_WAITING first, so the
 * reload gets the new version). A `{ type: 'SKIP_WAITING' }` message posted to the window is relayed
 * to the service worker.
 */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;
const UPDATE_CHECK_MS = 60 * 60 * 1000;

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;

  // the first worker claims an uncontrolled page (clientsClaim): no reload for that one
  let controlled = !!navigator.serviceWorker.controller;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });

  window.addEventListener('message', (event) => {
    if (event.origin !== window.location.origin || event.data?.type !== SKIP_WAITING.type) return;
    navigator.serviceWorker.controller?.postMessage(SKIP_WAITING);
    void navigator.serviceWorker.getRegistration('/').then((registration) => registration?.waiting?.postMessage(SKIP_WAITING));
  });

  const activateWhenInstalled = (worker: ServiceWorker | null) => {
    if (!worker) return;
    const check = () => {
      // installed while a controller exists = an update (the first install has no controller)
      if (worker.state === 'installed' && navigator.serviceWorker.controller) worker.postMessage(SKIP_WAITING);
    };
    check();
    worker.addEventListener('statechange', check);
  };

  window.addEventListener('load', () => {
    navigator.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then((registration) => {
        activateWhenInstalled(registration.waiting);
        registration.addEventListener('updatefound', () => activateWhenInstalled(registration.installing));
        // an installed app may stay open for days: look for a new version every hour
        setInterval(() => void registration.update().catch(() => undefined), UPDATE_CHECK_MS);
      })
      .catch((error) => console.warn('Service worker registration failed:', error));
  });
}
