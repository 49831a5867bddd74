import { wrap } from '@mikro-orm/core';
import type { PositionResponseDto } from './dto/position.dto';
import type { Position } from './position.entity';

export function toPositionResponse(p: Position, employeesCount: number): PositionResponseDto {
  return {
    id: p.id,
    company_id: p.company.id,
    position_code: p.position_code,
    position_title: p.position_title,
    department_id: p.department?.id ?? null,
    department_name: p.department && wrap(p.department).isInitialized() ? p.department.department_name : null,
    level: p.level,
    min_salary: p.min_salary ?? null,
    max_salary: p.max_salary ?? null,
    description: p.description ?? null,
    employees_count: employeesCount,
    created_at: p.created_at,
    updated_at: p.updated_at,
  };
}
