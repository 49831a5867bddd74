import { LoginAttempt } from '../modules/auth/login-attempt.entity';
import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { Company } from '../modules/companies/company.entity';
import { Department } from '../modules/departments/department.entity';
import { Employee } from '../modules/employees/employee.entity';
import { PermissionEntry } from '../modules/permissions/permission-entry.entity';
import { PermissionModule } from '../modules/permissions/permission-module.entity';
import { Position } from '../modules/positions/position.entity';
import { User } from '../modules/users/user.entity';
import { BaseEntity, TenantScopedEntity } from '../common/tenancy/base.entity';
import { Task } from '../modules/monitoring/task.entity';
import { TaskComment } from '../modules/monitoring/task-comment.entity';
import { TaskTemplate } from '../modules/monitoring/task-template.entity';
import { AuditLog } from '../modules/audit/audit-log.entity';
import { Feature } from '../modules/packages/feature.entity';
import { Package } from '../modules/packages/package.entity';
import { PackageFeature } from '../modules/packages/package-feature.entity';
import { LandingFeature } from '../modules/cms/landing-feature.entity';
import { LandingPage } from '../modules/cms/landing-page.entity';
import { Testimonial } from '../modules/cms/testimonial.entity';
import { PlatformAccessSetting } from '../modules/platform-access/platform-access-setting.entity';
import { AttendanceSetting } from '../modules/settings/attendance-setting.entity';
import { NotificationPreference } from '../modules/settings/notification-preference.entity';

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
  LoginAttempt,
  TaskTemplate,
  Task,
  TaskComment,
  Package,
  Feature,
  PackageFeature,
  AuditLog,
  LandingPage,
  LandingFeature,
  Testimonial,
  PlatformAccessSetting,
  AttendanceSetting,
  NotificationPreference,
];
