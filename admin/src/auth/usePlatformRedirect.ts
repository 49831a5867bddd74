import { useEffect, useSyncExternalStore } from 'react';
import { useIsStandalone } from '../pwa/displayMode';
import {
  loadPlatformAccess,
  platformRedirect,
  storedPlatformRule,
  subscribePlatformRule,
  type PlatformRedirect,
} from '../providers/platformAccess';
import type { Session } from '../providers/session';

/**
 * Where the platform rule sends the signed-in user from a protected route (platform.md 6), or null.
 * 'pending' while the rule of a client or employee is loading (a session older than the rule).
 */
export const usePlatformRedirect = (session: Session): PlatformRedirect | null | 'pending' => {
  const standalone = useIsStandalone();
  const rule = useSyncExternalStore(subscribePlatformRule, storedPlatformRule, () => null);
  const decision = platformRedirect(session, standalone, rule);
  useEffect(() => {
    if (decision === 'pending') void loadPlatformAccess();
  }, [decision]);
  return decision;
};
