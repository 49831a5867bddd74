import { Module, type OnModuleInit } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import { CompanyMetrics } from '../dashboard/company-metrics';
import { DashboardModule } from '../dashboard/dashboard.module';
import { RecordCleanupRegistry } from '../settings/record-cleanup.registry';
import { ShiftsModule } from '../shifts/shifts.module';
import { AttendanceCorrectionsService } from './attendance-corrections.service';
import { AttendanceJobsService } from './attendance-jobs.service';
import { AttendanceRulesService } from './attendance-rules.service';
import { AttendanceController } from './attendance.controller';
import { AttendanceService } from './attendance.service';

@Module({
  imports: [ShiftsModule, DashboardModule],
  controllers: [AttendanceController],
  providers: [AttendanceService, AttendanceRulesService, AttendanceCorrectionsService, AttendanceJobsService],
  exports: [AttendanceJobsService],
})
export class AttendanceModule implements OnModuleInit {
  constructor(
    private readonly em: EntityManager,
    private readonly metrics: CompanyMetrics,
    private readonly cleanup: RecordCleanupRegistry,
  ) {}

  onModuleInit(): void {
    // "Present Today counts today's attendance with status present" (platform.md): a late arrival is a
    // present record checked in after the limit (hr.md 4), so late records are counted as present too
    this.metrics.provide({
      presentToday: async (companyId, today) => {
        const [row] = await this.em.execute<Array<{ n: number }>>(
          `select count(*)::int as n from attendance_records
            where company_id = ? and attendance_date = ?::date and status in ('present', 'late')`,
          [companyId, today],
        );
        return row?.n ?? 0;
      },
    });
    // positions and network addresses past the company's location_retention_days are blanked
    this.cleanup.register({
      name: 'attendance location data',
      clean: async ({ em, retentionCutoffs }) => {
        const res = await em.execute<{ affectedRows: number }>(
          `update attendance_records r
              set check_in_latitude = null, check_in_longitude = null, check_in_accuracy = null, check_in_distance = null,
                  check_out_latitude = null, check_out_longitude = null, check_out_accuracy = null,
                  check_in_ip = null, check_out_ip = null, updated_at = now()
             from ${retentionCutoffs} c
            where r.company_id = c.company_id and coalesce(r.check_in_time, r.created_at) < c.cutoff
              and (r.check_in_latitude is not null or r.check_out_latitude is not null or r.check_in_ip is not null or r.check_out_ip is not null)`,
          [],
          'run',
        );
        return res.affectedRows;
      },
    });
  }
}
