import { useSyncExternalStore } from 'react';
import { getSession, subscribeSession, type Session } from '../providers/session';

/** The current session (localStorage-backed); re-renders on login, logout, impersonation and other tabs. */
export const useSession = (): Session => useSyncExternalStore(subscribeSession, getSession, getSession);
