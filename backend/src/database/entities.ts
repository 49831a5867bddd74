import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { Company } from '../modules/companies/company.entity';
import { Department } from '../modules/departments/department.entity';
import { Employee } from '../modules/employees/employee.entity';
import { PermissionEntry } from '../modules/permissions/permission-entry.entity';
import { PermissionModule } from '../modules/permissions/permission-module.entity';
import { Position } from '../modules/positions/position.entity';
import { User } from '../modules/users/user.entity';
import { BaseEntity, TenantScopedEntity } from '../common/tenancy/base.entity';

/** Every entity, listed explicitly (the reflect-metadata provider does no discovery by path). */
export const ENTITIES = [
  BaseEntity,
  TenantScopedEntity,
  Company,
  User,
  Department,
  Position,
  Employee,
  PermissionModule,
  PermissionEntry,
  RefreshToken,
];
