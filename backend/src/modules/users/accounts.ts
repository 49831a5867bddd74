import type { EntityManager } from '@mikro-orm/postgresql';
import { conflict } from '../../common/http/errors';
import { escapeLike } from '../../common/http/fields';
import { User } from './user.entity';

/** 409 naming the field when the email (case-insensitive) or the username (case-insensitive) is taken. */
export async function assertAccountAvailable(em: EntityManager, email: string, username: string): Promise<void> {
  const clash = await em.findOne(
    User,
    { $or: [{ email: email.toLowerCase() }, { username: { $ilike: escapeLike(username) } }] },
    { filters: false },
  );
  if (!clash) return;
  if (clash.email === email.toLowerCase()) throw conflict('An account with this email already exists', 'email');
  throw conflict('This username is already taken', 'username');
}

/** Which of the email (case-insensitive) and the username (case-insensitive) already have an account. */
export async function accountsTaken(em: EntityManager, email: string, username: string): Promise<{ email: User | null; username: boolean }> {
  const clashes = await em.find(
    User,
    { $or: [{ email: email.toLowerCase() }, { username: { $ilike: escapeLike(username) } }] },
    { filters: false },
  );
  return {
    email: clashes.find((u) => u.email === email.toLowerCase()) ?? null,
    username: clashes.some((u) => u.username.toLowerCase() === username.toLowerCase()),
  };
}
