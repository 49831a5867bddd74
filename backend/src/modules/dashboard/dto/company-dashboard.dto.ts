import { ApiProperty } from '@nestjs/swagger';
import { EMPLOYMENT_STATUSES, type EmploymentStatus } from '../../employees/employee.entity';
import { SUBSCRIPTION_STATUSES, type SubscriptionStatus } from '../../companies/company.entity';
import type { SubscriptionState } from '../../permissions/plan.service';

export const DASHBOARD_MODULES = [
  'employees',
  'departments',
  'positions',
  'attendance',
  'leave',
  'payroll',
  'reports',
  'settings',
  'monitoring',
  'kpi',
] as const;

export class DashboardModuleDto {
  @ApiProperty({ enum: DASHBOARD_MODULES }) module_key!: (typeof DASHBOARD_MODULES)[number];
  @ApiProperty({ description: "In the company's plan (otherwise the console shows a locked card)" }) in_plan!: boolean;
  @ApiProperty() can_view!: boolean;
  @ApiProperty() can_create!: boolean;
  @ApiProperty() can_edit!: boolean;
  @ApiProperty() can_delete!: boolean;
}

export class DashboardCardsDto {
  @ApiProperty({ type: Number, nullable: true, description: 'Employees not terminated; null without employees view' })
  total_employees!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: "Today's attendance with status present; null without attendance view" })
  present_today!: number | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Pending leave requests; null without leave view' })
  pending_leaves!: number | null;
  @ApiProperty({
    type: String,
    nullable: true,
    example: '0.00',
    description: 'Sum of net_salary for pay periods starting this month; null for client, and for others without payroll edit',
  })
  monthly_payroll!: string | null;
}

export class RecentEmployeeDto {
  @ApiProperty() id!: number;
  @ApiProperty() employee_code!: string;
  @ApiProperty() first_name!: string;
  @ApiProperty() last_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ type: String, nullable: true }) department_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) position_title!: string | null;
  @ApiProperty({ enum: EMPLOYMENT_STATUSES }) employment_status!: EmploymentStatus;
  @ApiProperty({ type: String, format: 'date', nullable: true }) hire_date!: string | null;
  @ApiProperty() created_at!: Date;
}

export class RecentLeaveRequestDto {
  @ApiProperty() id!: number;
  @ApiProperty({ type: Number, nullable: true }) employee_id!: number | null;
  @ApiProperty({ type: String, nullable: true }) employee_name!: string | null;
  @ApiProperty({ type: String, nullable: true }) leave_type_name!: string | null;
  @ApiProperty({ format: 'date' }) start_date!: string;
  @ApiProperty({ format: 'date' }) end_date!: string;
  @ApiProperty({ type: String, description: 'decimal days' }) total_days!: string;
  @ApiProperty() status!: string;
  @ApiProperty({ type: String, nullable: true }) requested_at!: string | null;
}

export class SubscriptionInfoDto {
  @ApiProperty({ type: Number, nullable: true }) package_id!: number | null;
  @ApiProperty({ example: 'Enterprise' }) package_name!: string;
  @ApiProperty({ example: 'enterprise', description: "The package's code (the company's subscription_plan)" }) package_code!: string;
  @ApiProperty({ enum: SUBSCRIPTION_STATUSES }) subscription_status!: SubscriptionStatus;
  @ApiProperty({ enum: ['active', 'trial', 'trial_ended', 'suspended', 'cancelled'] }) state!: SubscriptionState;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) trial_ends_at!: Date | null;
  @ApiProperty({ description: '-1 = unlimited' }) max_employees!: number;
  @ApiProperty({ description: 'Employees not terminated' }) employees_count!: number;
}

export class CompanyDashboardDto {
  @ApiProperty() company_id!: number;
  @ApiProperty() company_name!: string;
  @ApiProperty({ example: 'America/New_York' }) time_zone!: string;
  @ApiProperty({ format: 'date', description: "Today in the company's time zone" }) today!: string;
  @ApiProperty({ type: DashboardCardsDto }) cards!: DashboardCardsDto;
  @ApiProperty({ type: [RecentEmployeeDto], nullable: true, description: 'The 5 newest; null without employees view' })
  recent_employees!: RecentEmployeeDto[] | null;
  @ApiProperty({ type: [RecentLeaveRequestDto], nullable: true, description: 'The 5 newest; null without leave view' })
  recent_leave_requests!: RecentLeaveRequestDto[] | null;
  @ApiProperty({ type: [DashboardModuleDto], description: "Every module: in the plan or not, and the caller's rights" })
  modules!: DashboardModuleDto[];
  @ApiProperty({ type: SubscriptionInfoDto, nullable: true, description: 'For company_admin (and an impersonating superadmin)' })
  subscription!: SubscriptionInfoDto | null;
  @ApiProperty({
    description:
      "The caller's first session (at most one sign-in recorded for the account): the console greets with Welcome instead of " +
      'Welcome back. Never while a superadmin impersonates.',
  })
  first_sign_in!: boolean;
}
