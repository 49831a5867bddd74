import { useSyncExternalStore } from 'react';

/** The browser's install offer (Chromium's `beforeinstallprompt` event). */
export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>;
}

/** Spec 9: the two local-storage flags of the install prompt. */
export const INSTALL_FLAGS = { installed: 'pwa_installed', dismissed: 'pwa_install_dismissed' } as const;

const flagSet = (key: string) => {
  try {
    return localStorage.getItem(key) === 'true';
  } catch {
    return false;
  }
};
const setFlag = (key: string) => {
  try {
    localStorage.setItem(key, 'true');
  } catch {
    // storage unavailable: the prompt may show again next time
  }
};

/** An installed or dismissed record exists: the install prompt is never shown. */
export const installPromptSuppressed = () => flagSet(INSTALL_FLAGS.installed) || flagSet(INSTALL_FLAGS.dismissed);
export const recordInstalled = () => setFlag(INSTALL_FLAGS.installed);
/** 'Maybe later' or the close icon: a permanent dismissal. */
export const recordInstallDismissed = () => setFlag(INSTALL_FLAGS.dismissed);

let deferred: BeforeInstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((listener) => listener());

/**
 * Keeps the browser's install offer from page load on (it fires once, often before any screen
 * that shows an Install button has mounted). Call once at start.
 */
export function captureInstallPrompt(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    deferred = event as BeforeInstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    recordInstalled();
    deferred = null;
    changed();
  });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The pending install offer, or null when the browser offers none. */
export const useInstallPrompt = (): BeforeInstallPromptEvent | null =>
  useSyncExternalStore(subscribe, () => deferred, () => null);

/** Shows the browser's install dialog; the offer is used up whatever the outcome. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred;
  if (!event) return 'unavailable';
  deferred = null;
  changed();
  await event.prompt();
  const { outcome } = await event.userChoice;
  if (outcome === 'accepted') recordInstalled();
  return outcome;
}
