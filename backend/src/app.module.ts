import { createSecretKey } from 'node:crypto';
import { DynamicModule, Module, type Type } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtModule } from '@nestjs/jwt';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import type { AppConfig } from './config/config';
import { ConfigModule } from './config/config.module';
import { AccessGuard } from './common/auth/access.guard';
import { ormConfig } from './database/mikro-orm.config';
import { AuthModule } from './modules/auth/auth.module';
import { AuditModule } from './modules/audit/audit.module';
import { CompaniesModule } from './modules/companies/companies.module';
import { PackagesModule } from './modules/packages/packages.module';
import { BillingModule } from './modules/billing/billing.module';
import { ReportsModule } from './modules/reports/reports.module';
import { AnalyticsModule } from './modules/analytics/analytics.module';
import { PlatformDashboardModule } from './modules/platform-dashboard/platform-dashboard.module';
import { DashboardModule } from './modules/dashboard/dashboard.module';
import { DepartmentsModule } from './modules/departments/departments.module';
import { EmployeesModule } from './modules/employees/employees.module';
import { OrgChartModule } from './modules/org-chart/org-chart.module';
import { TeamModule } from './modules/team/team.module';
import { PositionsModule } from './modules/positions/positions.module';
import { CmsModule } from './modules/cms/cms.module';
import { HealthModule } from './modules/health/health.module';
import { MonitoringModule } from './modules/monitoring/monitoring.module';
import { PermissionsModule } from './modules/permissions/permissions.module';
import { PlatformAccessModule } from './modules/platform-access/platform-access.module';
import { SettingsModule } from './modules/settings/settings.module';
import { LeaveModule } from './modules/leave/leave.module';
import { IdempotencyModule } from './common/http/idempotency.module';
import { AttendanceModule } from './modules/attendance/attendance.module';
import { ShiftsModule } from './modules/shifts/shifts.module';
import { PayrollModule } from './modules/payroll/payroll.module';
import { KpiModule } from './modules/kpi/kpi.module';
import { NotificationsModule } from './modules/notifications/notifications.module';

export const TOKEN_AUDIENCE = 'hr-platform';

@Module({})
export class AppModule {
  static forRoot(
    config: AppConfig,
    clientUrl: string,
    opts: { connect?: boolean; extraImports?: Array<Type<unknown> | DynamicModule> } = {},
  ): DynamicModule {
    const jwtKey = createSecretKey(Buffer.from(config.jwtSecret));
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        MikroOrmModule.forRoot({
          ...ormConfig({ clientUrl, poolMax: config.dbPoolMax, connect: opts.connect ?? true }),
          registerRequestContext: true,
        }),
        JwtModule.register({
          global: true,
          // a KeyObject: given the secret as a string, jsonwebtoken first tries (and fails) to read it
          // as a public key on every verification, which costs more than the rest of the check
          secretOrKeyProvider: () => jwtKey,
          signOptions: {
            algorithm: 'HS256',
            expiresIn: config.accessTokenTtlSeconds,
            audience: TOKEN_AUDIENCE,
            issuer: TOKEN_AUDIENCE,
          },
          verifyOptions: { algorithms: ['HS256'], audience: TOKEN_AUDIENCE, issuer: TOKEN_AUDIENCE },
        }),
        PermissionsModule,
        AuthModule,
        AuditModule,
        PackagesModule,
        BillingModule,
        ReportsModule,
        AnalyticsModule,
        CompaniesModule,
        PlatformDashboardModule,
        DashboardModule,
        DepartmentsModule,
        EmployeesModule,
        OrgChartModule,
        TeamModule,
        PositionsModule,
        CmsModule,
        HealthModule,
        MonitoringModule,
        PlatformAccessModule,
        SettingsModule,
        LeaveModule,
        IdempotencyModule,
        ShiftsModule,
        AttendanceModule,
        PayrollModule,
        KpiModule,
        NotificationsModule,
        ...(opts.extraImports ?? []),
      ],
      providers: [{ provide: APP_GUARD, useClass: AccessGuard }],
    };
  }
}
