import { LoginAttempt } from '../modules/auth/login-attempt.entity';
import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity';
import { IdempotencyKey } from '../common/http/idempotency.entity';
import { Company } from '../modules/companies/company.entity';
import { Department } from '../modules/departments/department.entity';
import { Employee } from '../modules/employees/employee.entity';
import { EmployeeImport } from '../modules/employees/employee-import.entity';
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
import { LeavePolicy } from '../modules/leave/leave-policy.entity';
import { LeaveType } from '../modules/leave/leave-type.entity';
import { LeaveAttachment } from '../modules/leave/leave-attachment.entity';
import { LeaveRequest } from '../modules/leave/leave-request.entity';
import { Holiday } from '../modules/leave/holiday.entity';
import { AttendanceRecord } from '../modules/attendance/attendance-record.entity';
import { AttendanceDevice } from '../modules/attendance/attendance-device.entity';
import { AttendanceJobRun } from '../modules/attendance/attendance-job-run.entity';
import { Shift } from '../modules/shifts/shift.entity';
import { WorkLocation } from '../modules/shifts/work-location.entity';
import { ShiftAssignment } from '../modules/shifts/shift-assignment.entity';

import { Kpi } from '../modules/kpi/kpi.entity';
import { KpiTarget } from '../modules/kpi/kpi-target.entity';
import { KpiValue } from '../modules/kpi/kpi-value.entity';
import { BonusRule } from '../modules/kpi/bonus-rule.entity';
import { BonusRuleTier } from '../modules/kpi/bonus-rule-tier.entity';
import { BonusPayment } from '../modules/kpi/bonus-payment.entity';
import { BonusCalculationRun } from '../modules/kpi/bonus-calculation-run.entity';
import { PayrollRun } from '../modules/payroll/payroll-run.entity';
import { PayrollRecord } from '../modules/payroll/payroll-record.entity';
import { PayrollLine } from '../modules/payroll/payroll-line.entity';
import { SalaryComponent } from '../modules/payroll/salary-component.entity';
import { EmployeeSalaryComponent } from '../modules/payroll/employee-salary-component.entity';
import { TaxBracket } from '../modules/payroll/tax-bracket.entity';
import { Notification } from '../modules/notifications/notification.entity';
import { EmployeeInvitation } from '../modules/auth/invitation.entity';
import { Invoice } from '../modules/billing/invoice.entity';
import { ReportSubscription } from '../modules/reports/schedule/report-subscription.entity';
import { InvoiceLine } from '../modules/billing/invoice-line.entity';
import { Payment } from '../modules/billing/payment.entity';
import { BillingSettings } from '../modules/billing/billing-settings.entity';
/** Every entity, listed explicitly (the reflect-metadata provider does no discovery by path). */
export const ENTITIES = [
  BaseEntity,
  TenantScopedEntity,
  Company,
  User,
  Department,
  Position,
  Employee,
  EmployeeImport,
  PermissionModule,
  PermissionEntry,
  RefreshToken,
  LoginAttempt,
  PasswordResetToken,
  IdempotencyKey,
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
  LeavePolicy,
  LeaveType,
  LeaveAttachment,
  LeaveRequest,
  Holiday,
  AttendanceRecord,
  AttendanceDevice,
  AttendanceJobRun,
  Shift,
  WorkLocation,
  ShiftAssignment,
  Kpi,
  KpiTarget,
  KpiValue,
  BonusRule,
  BonusRuleTier,
  BonusPayment,
  BonusCalculationRun,
  PayrollRun,
  PayrollRecord,
  PayrollLine,
  SalaryComponent,
  EmployeeSalaryComponent,
  TaxBracket,
  Notification,
  EmployeeInvitation,
  Invoice,
  InvoiceLine,
  Payment,
  BillingSettings,
  ReportSubscription,
];
