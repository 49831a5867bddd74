import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';
import { Company } from '../companies/company.entity';

/** The company's time zone (UTC when unset or unknown), in which "today" and task days are read. */
export async function companyZone(em: EntityManager, companyId: number): Promise<string> {
  // the company row is not tenant-scoped; the id comes from the caller's token
  const company = await em.findOne(Company, { id: companyId }, { filters: false, fields: ['time_zone'] });
  const zone = company?.time_zone ?? 'UTC';
  return DateTime.now().setZone(zone).isValid ? zone : 'UTC';
}

export const todayInZone = (zone: string, now = new Date()): string => DateTime.fromJSDate(now, { zone }).toISODate()!;
