import type { EntityManager } from '@mikro-orm/postgresql';
import { findRef } from '../../common/tenancy/refs';
import { Department } from '../departments/department.entity';
import { Employee } from '../employees/employee.entity';
import { Position } from '../positions/position.entity';
import { Kpi } from './kpi.entity';
import type { SubjectType } from './kpi-subject';
import { MAX_ID } from './sql-list';

export interface SubjectRefs {
  employee: Employee | null;
  department: Department | null;
  position: Position | null;
}

/** An id past the int4 columns' range names no row: -1 answers "not found" like any unknown id. */
export const inRangeId = (id: number) => (id > MAX_ID ? -1 : id);

/** A KPI id sent in a body, checked to belong to the caller's company (404 naming the field). */
export async function resolveKpi(em: EntityManager, id: number, field = 'kpi_id'): Promise<Kpi> {
  return (await findRef(em, Kpi, inRangeId(id), 'KPI', field))!;
}

/** The subject of a target or value, checked to belong to the caller's company (404 naming the field). */
export async function resolveSubject(em: EntityManager, type: SubjectType, rawId: number, field: string): Promise<SubjectRefs> {
  const refs: SubjectRefs = { employee: null, department: null, position: null };
  const id = inRangeId(rawId);
  if (type === 'employee') refs.employee = (await findRef(em, Employee, id, 'Employee', field))!;
  else if (type === 'department') refs.department = (await findRef(em, Department, id, 'Department', field))!;
  else refs.position = (await findRef(em, Position, id, 'Position', field))!;
  return refs;
}

export const subjectIdOf = (row: { employee?: { id: number } | null; department?: { id: number } | null; position?: { id: number } | null }) =>
  (row.employee ?? row.department ?? row.position)!.id;
