import { HttpError } from 'react-admin';
import { getSession, isImpersonating, type Session } from '../providers/session';

/**
 * Whose offline data this session may read and queue: the signed-in user, or null (signed out,
 * superadmin, or a superadmin working as a company: their writes must never be replayed later
 * under another token).
 */
export const offlineOwner = (session: Session = getSession()): string | null => {
  const user = session.user;
  if (!session.token || !user || user.role === 'superadmin' || isImpersonating(session)) return null;
  return `user:${user.id}`;
};

/** The request never got an answer from the application (no network, or a proxy without upstream). */
export const isUnreachable = (error: unknown): boolean => {
  if (error instanceof HttpError) return error.status === 502 || error.status === 503 || error.status === 504;
  // fetch rejects with a TypeError when the network fails ("Failed to fetch")
  return error instanceof TypeError;
};
