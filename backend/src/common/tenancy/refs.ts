import { HttpStatus } from '@nestjs/common';
import type { EntityName, FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../auth/auth-context';
import { ApiError } from '../http/errors';

const notFoundField = (what: string, field: string) =>
  new ApiError(HttpStatus.NOT_FOUND, `${what} not found`, [{ field, message: `${what} not found` }]);

/** A company_id sent in a body (the spec's impersonation payload) must be the caller's company. */
export function assertOwnCompany(ctx: AuthContext, companyId: number | undefined): void {
  if (companyId !== undefined && companyId !== ctx.companyId) throw notFoundField('Company', 'company_id');
}

/**
 * Resolves an id sent in a body to a row of the caller's company (the tenant filter is on):
 * undefined stays undefined (not sent), null stays null (cleared), another company's id or an
 * unknown one answers 404 naming the field.
 */
export async function findRef<T extends object>(
  em: EntityManager,
  entity: EntityName<T>,
  id: number | null | undefined,
  what: string,
  field: string,
): Promise<T | null | undefined> {
  if (id === undefined || id === null) return id;
  const row = await em.findOne(entity, { id } as FilterQuery<T>);
  if (!row) throw notFoundField(what, field);
  return row;
}
