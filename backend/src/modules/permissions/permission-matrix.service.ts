import { requireCompany } from '../../common/auth/require-company';
import { Injectable } from '@nestjs/common';
import { LockMode } from '@mikro-orm/core';
import { EntityManager } from '@mikro-orm/postgresql';
import { PERMISSION_ACTIONS, type AuthContext, type ModuleKey, type RecordScope } from '../../common/auth/auth-context';
import { defaultScope } from './default-scopes';
import { badRequest, notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { Department } from '../departments/department.entity';
import { Position } from '../positions/position.entity';
import type { PermissionEntryInputDto } from './dto/permission.dto';
import { PermissionEntry } from './permission-entry.entity';
import { PermissionModule } from './permission-module.entity';

export type MatrixSubject = 'position' | 'department';

const SUBJECTS = {
  position: { entity: Position, label: 'Position', name: (p: Position) => p.position_title },
  department: { entity: Department, label: 'Department', name: (d: Department) => d.department_name },
} as const;

export interface SavedMatrix {
  name: string;
  entries: PermissionEntry[];
}

/**
 * The permission matrix of one position or department: read it, or replace it as a whole in one
 * transaction. The effective permissions that the guard checks are computed from these entries on
 * every request, so a saved matrix binds the affected users from their next request on.
 */
@Injectable()
export class PermissionMatrixService {
  constructor(private readonly em: EntityManager) {}

  async entries(ctx: AuthContext, subject: MatrixSubject, id: number): Promise<PermissionEntry[]> {
    requireCompany(ctx);
    await this.findSubject(this.em, subject, id);
    return this.load(this.em, subject, id);
  }

  async replace(ctx: AuthContext, subject: MatrixSubject, id: number, input: PermissionEntryInputDto[]): Promise<SavedMatrix> {
    const companyId = requireCompany(ctx);
    const wanted = normalise(input);
    const moduleIds = [...new Set(wanted.map((w) => w.module_id))];
    const known = new Map(
      moduleIds.length ? (await this.em.find(PermissionModule, { id: { $in: moduleIds } })).map((m) => [m.id, m.module_key as ModuleKey]) : [],
    );
    wanted.forEach((w) => {
      const key = known.get(w.module_id);
      if (!key) throw badRequest(`Module ${w.module_id} does not exist`, `permissions.${w.index}.module_id`);
      for (const action of PERMISSION_ACTIONS) w[`${action}_scope`] ??= defaultScope(key, w, action);
    });

    return this.em.transactional(async (tx) => {
      // the row lock serialises two saves of the same matrix
      const owner = await this.findSubject(tx as EntityManager, subject, id, true);
      await tx.nativeDelete(PermissionEntry, { company: companyId, [subject]: id });
      for (const w of wanted) {
        if (!(w.can_view || w.can_create || w.can_edit || w.can_delete)) continue;
        tx.create(PermissionEntry, {
          company: tx.getReference(Company, companyId),
          module: tx.getReference(PermissionModule, w.module_id),
          [subject]: owner,
          can_view: w.can_view,
          can_create: w.can_create,
          can_edit: w.can_edit,
          can_delete: w.can_delete,
          view_scope: w.view_scope,
          create_scope: w.create_scope,
          edit_scope: w.edit_scope,
          delete_scope: w.delete_scope,
        } as any);
      }
      await tx.flush();
      return { name: SUBJECTS[subject].name(owner as never), entries: await this.load(tx as EntityManager, subject, id) };
    });
  }

  private async findSubject(em: EntityManager, subject: MatrixSubject, id: number, lock = false): Promise<Position | Department> {
    const { entity, label } = SUBJECTS[subject];
    // tenant filter: another company's position or department is not found
    const owner = await em.findOne(entity as typeof Position, { id }, lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {});
    if (!owner) throw notFound(label);
    return owner;
  }

  private load(em: EntityManager, subject: MatrixSubject, id: number): Promise<PermissionEntry[]> {
    return em.find(
      PermissionEntry,
      { [subject]: id } as never,
      { populate: ['module'], orderBy: { module: { sort_order: 'ASC' } }, refresh: true },
    );
  }
}

interface Wanted {
  index: number;
  module_id: number;
  can_view: boolean;
  can_create: boolean;
  can_edit: boolean;
  can_delete: boolean;
  view_scope?: RecordScope;
  create_scope?: RecordScope;
  edit_scope?: RecordScope;
  delete_scope?: RecordScope;
}

/**
 * Each module at most once; create, edit and delete without view are refused (not silently
 * dropped), because view is the precondition of every other action.
 */
function normalise(input: PermissionEntryInputDto[]): Wanted[] {
  const seen = new Set<number>();
  return input.map((e, index) => {
    if (seen.has(e.module_id)) {
      throw badRequest(`Module ${e.module_id} is listed twice`, `permissions.${index}.module_id`);
    }
    seen.add(e.module_id);
    const w: Wanted = {
      index,
      module_id: e.module_id,
      can_view: e.can_view ?? false,
      can_create: e.can_create ?? false,
      can_edit: e.can_edit ?? false,
      can_delete: e.can_delete ?? false,
      view_scope: e.view_scope,
      create_scope: e.create_scope,
      edit_scope: e.edit_scope,
      delete_scope: e.delete_scope,
    };
    if (!w.can_view && (w.can_create || w.can_edit || w.can_delete)) {
      throw badRequest(
        'Create, edit and delete rights need the view right',
        `permissions.${index}.can_view`,
      );
    }
    return w;
  });
}
