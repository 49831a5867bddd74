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

/**
 * Frees an address held by an unverified self-registered client account (no company, no
 * employee record): whoever registers again with it, is invited with it or is given a login with
 * it takes the address, so an address cannot be squatted by registering it first. Runs in the
 * caller's transaction; answers whether an account was removed.
 */
export async function releaseUnverifiedAddress(em: EntityManager, email: string): Promise<boolean> {
  const rows = await em.execute<Array<{ id: number }>>(
    `delete from users
      where email = ? and role = 'client' and company_id is null and employee_id is null and email_verified_at is null
      returning id`,
    [email.toLowerCase()],
  );
  return rows.length > 0;
}

/** The username asked for when it is free, otherwise the same with the lowest number added that is (jsmith2, jsmith3...), within 50 characters. */
export async function freeUsername(em: EntityManager, wanted: string): Promise<string> {
  const base = (wanted.replace(/[^A-Za-z0-9._-]/g, '') || 'user').slice(0, 50).padEnd(3, '0');
  const stem = base.slice(0, 44);
  const taken = new Set(
    (
      await em.execute<Array<{ u: string }>>('select lower(username) as u from users where lower(username) like ?', [
        `${escapeLike(stem.toLowerCase())}%`,
      ])
    ).map((r) => r.u),
  );
  if (!taken.has(base.toLowerCase())) return base;
  for (let n = 2; ; n++) if (!taken.has(`${stem}${n}`.toLowerCase())) return `${stem}${n}`;
}
