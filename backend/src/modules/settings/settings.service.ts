import { requireCompany } from '../../common/auth/require-company';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest } from '../../common/http/errors';
import { AttendanceSetting } from './attendance-setting.entity';
import {
  ATTENDANCE_GROUPS,
  DEFAULT_ATTENDANCE_SETTINGS,
  withDefaults,
  type AttendanceGroup,
  type AttendanceSettings,
} from './attendance-settings.defaults';
import type { UpdateAttendanceSettingsDto } from './dto/attendance-settings.dto';
import { formatDistance } from '../../common/units';
import { SELF_SERVICE_RIGHTS } from '../../common/auth/self-service';
import { Company } from '../companies/company.entity';
import { PlanService } from '../permissions/plan.service';
import type { SelfServiceSettingsDto } from './dto/self-service.dto';
import type { LineManagerSettingsDto } from './dto/line-managers.dto';
import { LINE_MANAGER_RIGHTS } from '../../common/auth/line-managers';

/** Company settings. `attendanceSettings(companyId)` is what the attendance module reads. */
@Injectable()
export class SettingsService {
  constructor(
    private readonly em: EntityManager,
    private readonly plans: PlanService,
  ) {}

  /** The company's self-service policy and what it gives within the company's plan. */
  async getSelfService(ctx: AuthContext): Promise<SelfServiceSettingsDto> {
    const companyId = requireCompany(ctx);
    const [row] = await this.em.execute<Array<{ enabled: boolean }>>(
      'select self_service_enabled as enabled from companies where id = ?',
      [companyId],
    );
    return this.selfServiceAnswer(companyId, !!row?.enabled);
  }

  async updateSelfService(ctx: AuthContext, enabled: boolean): Promise<SelfServiceSettingsDto> {
    const companyId = requireCompany(ctx);
    await this.em.nativeUpdate(Company, { id: companyId }, { self_service_enabled: enabled });
    return this.selfServiceAnswer(companyId, enabled);
  }

  /** The company's line-manager policy and what it gives on the team within the company's plan. */
  async getLineManagers(ctx: AuthContext): Promise<LineManagerSettingsDto> {
    const companyId = requireCompany(ctx);
    const [row] = await this.em.execute<Array<{ enabled: boolean }>>(
      'select line_managers_enabled as enabled from companies where id = ?',
      [companyId],
    );
    return this.policyAnswer(companyId, !!row?.enabled, LINE_MANAGER_RIGHTS);
  }

  async updateLineManagers(ctx: AuthContext, enabled: boolean): Promise<LineManagerSettingsDto> {
    const companyId = requireCompany(ctx);
    await this.em.nativeUpdate(Company, { id: companyId }, { line_managers_enabled: enabled });
    return this.policyAnswer(companyId, enabled, LINE_MANAGER_RIGHTS);
  }

  private selfServiceAnswer(companyId: number, enabled: boolean): Promise<SelfServiceSettingsDto> {
    return this.policyAnswer(companyId, enabled, SELF_SERVICE_RIGHTS);
  }

  private async policyAnswer(companyId: number, enabled: boolean, given: typeof SELF_SERVICE_RIGHTS) {
    const plan = await this.plans.moduleKeys(companyId);
    const rights = Object.entries(given)
      .filter(([module]) => plan.has(module as never))
      .map(([module, actions]) => ({ module, actions: [...actions!] }));
    return { enabled, rights };
  }

  /**
   * A company's attendance settings over the defaults (no row: the defaults). By explicit company
   * and outside the identity map, in the caller's transaction when there is one: a request reads its
   * own company's settings, a scheduled job any company's.
   */
  async attendanceSettings(companyId: number): Promise<AttendanceSettings> {
    const [row] = await this.em.execute<Array<Pick<AttendanceSetting, AttendanceGroup>>>(
      'select general, geolocation, device, network from attendance_settings where company_id = ?',
      [companyId],
    );
    return withDefaults(row ?? {});
  }

  async getAttendance(ctx: AuthContext): Promise<AttendanceSettings> {
    return this.attendanceSettings(requireCompany(ctx));
  }

  /** Lays the fields sent over the saved ones, checks the combination, and saves the whole. */
  async updateAttendance(ctx: AuthContext, dto: UpdateAttendanceSettingsDto): Promise<AttendanceSettings> {
    const companyId = requireCompany(ctx);
    return this.em.transactional(async (tx) => {
      const conn = tx.getConnection();
      const trx = tx.getTransactionContext();
      // one row per company: create it if missing, then lock it so concurrent saves do not lose fields
      await conn.execute(
        `insert into attendance_settings (company_id, general, geolocation, device, network)
         values (?, '{}', '{}', '{}', '{}') on conflict (company_id) do nothing`,
        [companyId],
        'run',
        trx,
      );
      const [row] = await conn.execute<Array<Record<string, any>>>(
        'select general, geolocation, device, network from attendance_settings where company_id = ? for update',
        [companyId],
        'all',
        trx,
      );
      const current = withDefaults(row);
      const next = withDefaults({
        general: { ...current.general, ...defined(dto.general) },
        geolocation: { ...current.geolocation, ...defined(dto.geolocation) },
        device: { ...current.device, ...defined(dto.device) },
        network: { ...current.network, ...defined(dto.network) },
      });
      if (next.geolocation.default_radius > next.geolocation.max_radius) {
        throw badRequest(
          `Default radius (${formatDistance(next.geolocation.default_radius)}) must not be greater than the maximum radius (${formatDistance(next.geolocation.max_radius)})`,
          'geolocation.default_radius',
        );
      }
      await conn.execute(
        `update attendance_settings set general = ?::jsonb, geolocation = ?::jsonb, device = ?::jsonb, network = ?::jsonb,
                updated_at = now() where company_id = ?`,
        [...ATTENDANCE_GROUPS.map((g) => JSON.stringify(next[g])), companyId],
        'run',
        trx,
      );
      return next;
    });
  }

  defaults(): AttendanceSettings {
    return withDefaults(DEFAULT_ATTENDANCE_SETTINGS as AttendanceSettings);
  }
}

/** The fields actually sent (class-transformer leaves absent optional ones undefined). */
function defined<T extends object>(group: T | undefined): Partial<T> {
  if (!group) return {};
  return Object.fromEntries(Object.entries(group).filter(([, v]) => v !== undefined)) as Partial<T>;
}
