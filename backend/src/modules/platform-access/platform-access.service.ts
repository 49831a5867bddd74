import { requireCompany } from '../../common/auth/require-company';
import { Injectable } from '@nestjs/common';
import { EntityManager } from '@mikro-orm/postgresql';
import type { AuthContext } from '../../common/auth/auth-context';
import { badRequest, notFound } from '../../common/http/errors';
import { Company } from '../companies/company.entity';
import { Employee } from '../employees/employee.entity';
import { Position } from '../positions/position.entity';
import type { MyPlatformAccessDto, PlatformAccessValueDto } from './dto/platform-access.dto';
import { PlatformAccessSetting } from './platform-access-setting.entity';
import { fieldLabel } from '../../common/http/fields';

export type PlatformAccessValue = PlatformAccessValueDto;

/** hr.md 3: a position without a setting. */
export const PLATFORM_ACCESS_DEFAULT: Readonly<PlatformAccessValue> = Object.freeze({
  allowWebAccess: false,
  allowPWAAccess: true,
  forcePWA: false,
  description: '',
});

const BOOLEAN_FIELDS = ['allowWebAccess', 'allowPWAAccess', 'forcePWA'] as const;
const FIELDS = new Set<string>([...BOOLEAN_FIELDS, 'description']);
const MAX_DESCRIPTION = 500;
/** more entries than any company has positions: refused before touching the database */
const MAX_ENTRIES = 5000;

const toValue = (row: PlatformAccessSetting): PlatformAccessValue => ({
  allowWebAccess: row.allow_web_access,
  allowPWAAccess: row.allow_pwa_access,
  forcePWA: row.force_pwa,
  description: row.description,
});

@Injectable()
export class PlatformAccessService {
  constructor(private readonly em: EntityManager) {}

  /** Every position of the caller's company with its setting (or the defaults). */
  async settings(ctx: AuthContext): Promise<Record<string, PlatformAccessValue>> {
    requireCompany(ctx);
    const [positions, rows] = await Promise.all([
      this.em.find(Position, {}, { fields: ['id'], orderBy: { id: 'ASC' } }),
      this.em.find(PlatformAccessSetting, {}),
    ]);
    const stored = new Map(rows.map((r) => [r.position.id, toValue(r)]));
    return Object.fromEntries(positions.map((p) => [String(p.id), stored.get(p.id) ?? { ...PLATFORM_ACCESS_DEFAULT }]));
  }

  /**
   * Saves the settings of the positions listed (others keep theirs) in one transaction. Force PWA
   * turns web access off. Every id must be a position of the caller's company, else 404 and
   * nothing is written.
   */
  async save(ctx: AuthContext, raw: Record<string, unknown>): Promise<Record<string, PlatformAccessValue>> {
    const companyId = requireCompany(ctx);
    const wanted = parse(raw);
    const ids = [...wanted.keys()];
    if (ids.length) {
      const found = await this.em.find(Position, { id: { $in: ids } }, { fields: ['id'] });
      if (found.length !== ids.length) {
        const known = new Set(found.map((p) => p.id));
        const missing = ids.find((id) => !known.has(id));
        throw notFound(`Position ${missing}`);
      }
      await this.em.transactional(async (tx) => {
        const existing = new Map(
          (await tx.find(PlatformAccessSetting, { position: { $in: ids } })).map((r) => [r.position.id, r]),
        );
        for (const [positionId, v] of wanted) {
          const row =
            existing.get(positionId) ??
            tx.create(PlatformAccessSetting, {
              company: tx.getReference(Company, companyId),
              position: tx.getReference(Position, positionId),
            });
          row.allow_web_access = v.allowWebAccess;
          row.allow_pwa_access = v.allowPWAAccess;
          row.force_pwa = v.forcePWA;
          row.description = v.description;
        }
      });
    }
    return this.settings(ctx);
  }

  /**
   * The caller's own rule (platform.md 6): superadmin web only; company_admin either; client and
   * employee by their position's setting, or the default (PWA only) without one.
   */
  async mine(ctx: AuthContext): Promise<MyPlatformAccessDto> {
    if (ctx.role === 'superadmin') {
      return { allowWebAccess: true, allowPWAAccess: false, forcePWA: false, source: 'role', position_id: null };
    }
    if (ctx.role === 'company_admin') {
      return { allowWebAccess: true, allowPWAAccess: true, forcePWA: false, source: 'role', position_id: null };
    }
    const fallback = (positionId: number | null): MyPlatformAccessDto => ({
      allowWebAccess: PLATFORM_ACCESS_DEFAULT.allowWebAccess,
      allowPWAAccess: PLATFORM_ACCESS_DEFAULT.allowPWAAccess,
      forcePWA: PLATFORM_ACCESS_DEFAULT.forcePWA,
      source: 'default',
      position_id: positionId,
    });
    if (!ctx.companyId || !ctx.employeeId) return fallback(null);
    const employee = await this.em.findOne(Employee, { id: ctx.employeeId }, { fields: ['position'] });
    const positionId = employee?.position?.id ?? null;
    if (!positionId) return fallback(null);
    const row = await this.em.findOne(PlatformAccessSetting, { position: positionId });
    if (!row) return fallback(positionId);
    const v = toValue(row);
    return { allowWebAccess: v.allowWebAccess, allowPWAAccess: v.allowPWAAccess, forcePWA: v.forcePWA, source: 'position', position_id: positionId };
  }
}

/** Validates the body's map; the errors name the field, e.g. settings.12.forcePWA. */
function parse(raw: Record<string, unknown>): Map<number, PlatformAccessValue> {
  const entries = Object.entries(raw);
  if (entries.length > MAX_ENTRIES) throw badRequest('settings has too many entries', 'settings');
  const out = new Map<number, PlatformAccessValue>();
  for (const [key, value] of entries) {
    const field = `settings.${key}`;
    if (!/^[1-9]\d{0,9}$/.test(key) || Number(key) > 2147483647) {
      throw badRequest(`${field}: the keys of settings must be position ids`, field);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value)) {
      throw badRequest(`${fieldLabel(field)} must be an object`, field);
    }
    const v = value as Record<string, unknown>;
    for (const name of Object.keys(v)) {
      if (!FIELDS.has(name)) throw badRequest(`${field}.${name} is not an accepted field`, `${field}.${name}`);
    }
    for (const name of BOOLEAN_FIELDS) {
      if (v[name] !== undefined && typeof v[name] !== 'boolean') {
        throw badRequest(`${field}.${name} must be true or false`, `${field}.${name}`);
      }
    }
    const description = v.description ?? '';
    if (typeof description !== 'string') throw badRequest(`${field}.description must be text`, `${field}.description`);
    if (description.length > MAX_DESCRIPTION) {
      throw badRequest(`${field}.description must be at most ${MAX_DESCRIPTION} characters long`, `${field}.description`);
    }
    const forcePWA = (v.forcePWA as boolean | undefined) ?? PLATFORM_ACCESS_DEFAULT.forcePWA;
    // Force PWA means the app only: web off, the app on
    const allowWebAccess = forcePWA ? false : ((v.allowWebAccess as boolean | undefined) ?? PLATFORM_ACCESS_DEFAULT.allowWebAccess);
    const allowPWAAccess = forcePWA ? true : ((v.allowPWAAccess as boolean | undefined) ?? PLATFORM_ACCESS_DEFAULT.allowPWAAccess);
    if (!allowWebAccess && !allowPWAAccess) {
      throw badRequest(`${field}: allow web access or PWA access, or both`, `${field}.allowPWAAccess`);
    }
    out.set(Number(key), { allowWebAccess, allowPWAAccess, forcePWA, description: description.trim() });
  }
  return out;
}
