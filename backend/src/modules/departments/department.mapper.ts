import { wrap } from '@mikro-orm/core';
import type { DepartmentResponseDto } from './dto/department.dto';
import type { Department } from './department.entity';

export function toDepartmentResponse(d: Department, employeesCount: number): DepartmentResponseDto {
  const manager = d.manager && wrap(d.manager).isInitialized() ? d.manager : null;
  return {
    id: d.id,
    company_id: d.company.id,
    department_code: d.department_code,
    department_name: d.department_name,
    description: d.description ?? null,
    cost_center: d.cost_center ?? null,
    manager_id: d.manager?.id ?? null,
    manager_name: manager ? `${manager.first_name} ${manager.last_name}` : null,
    is_active: d.is_active,
    employees_count: employeesCount,
    created_at: d.created_at,
    updated_at: d.updated_at,
  };
}
