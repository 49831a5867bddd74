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
 * A client without a company is not a company's employee: the rule does not apply to it.
 */
export const usePlatformRedirect = (session: Session): PlatformRedirect | null | 'pending' => {
  const standalone = useIsStandalone();
  const rule = useSyncExternalStore(subscribePlatformRule, storedPlatformRule, () => null);
  // the rule is about a company's people: a client account without a company (it sees only /start
  // and its own settings) is not sent to install the employees' app
  const companyless = session.user?.role === 'client' && !session.user.company_id;
  const decision = companyless ? null : platformRedirect(session, standalone, rule);
  useEffect(() => {
    if (decision === 'pending') void loadPlatformAccess();
  }, [decision]);
  return decision;
};
