import type { SessionUser } from '../providers/session';

/** The person's name as people read it: first and last name, else the username (an account without a name). */
export const personName = (user: Pick<SessionUser, 'first_name' | 'last_name' | 'username'> | null | undefined): string => {
  if (!user) return '';
  const full = [user.first_name, user.last_name].map((part) => part?.trim()).filter(Boolean).join(' ');
  return full || user.username;
};
