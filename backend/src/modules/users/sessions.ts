import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Ends every session of a user: the refresh tokens are revoked and the access tokens already
 * handed out stop working on their next request (their `sv` claim no longer matches).
 * Runs in the caller's transaction when there is one; answers the new session version.
 */
export async function endSessionsOfUser(em: EntityManager, userId: number): Promise<number> {
  const [row] = await em.execute<Array<{ session_version: number }>>(
    'update users set session_version = session_version + 1 where id = ? returning session_version',
    [userId],
  );
  await em.execute('update refresh_tokens set revoked_at = now() where user_id = ? and revoked_at is null', [userId]);
  return Number(row?.session_version ?? 0);
}

/** Ends every session of every user of a company (the company is suspended or cancelled). */
export async function endSessionsOfCompany(em: EntityManager, companyId: number): Promise<void> {
  await em.execute('update users set session_version = session_version + 1 where company_id = ?', [companyId]);
  await em.execute(
    `update refresh_tokens t set revoked_at = now()
       from users u
      where u.id = t.user_id and u.company_id = ? and t.revoked_at is null`,
    [companyId],
  );
}
