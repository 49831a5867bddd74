import { useSyncExternalStore } from 'react';

const QUERY = '(display-mode: standalone)';

/** PWA mode: the app runs installed (standalone), not in a browser tab. */
export const isStandalone = (): boolean =>
  typeof window !== 'undefined' &&
  ((typeof window.matchMedia === 'function' && window.matchMedia(QUERY).matches) ||
    (navigator as Navigator & { standalone?: boolean }).standalone === true);

const subscribe = (onChange: () => void) => {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const media = window.matchMedia(QUERY);
  media.addEventListener('change', onChange);
  return () => media.removeEventListener('change', onChange);
};

/** isStandalone() as a hook that follows display-mode changes. */
export const useIsStandalone = (): boolean => useSyncExternalStore(subscribe, isStandalone, () => false);
