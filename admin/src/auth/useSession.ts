import { useEffect, useSyncExternalStore } from 'react';
import { refreshProfileOnStart } from '../providers/authProvider';
import { getSession, subscribeSession, type Session } from '../providers/session';

/**
 * The current session (localStorage-backed); re-renders on login, logout, impersonation and other
 * tabs. The first screen that reads it after the console starts refreshes the stored profile from
 * GET /api/auth/me (once per page load).
 */
export const useSession = (): Session => {
  useEffect(refreshProfileOnStart, []);
  return useSyncExternalStore(subscribeSession, getSession, getSession);
};
