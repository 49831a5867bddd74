import { DateTime } from 'luxon';
import { Company } from '../src/modules/companies/company.entity';
import { Employee } from '../src/modules/employees/employee.entity';
import { Position } from '../src/modules/positions/position.entity';
import type { TestApp } from './support/app';
import { bearer, createUser, login, unique, type CompanyFixture } from './support/fixtures';

/** An employee of the fixture's company who can sign in (the fixture's position: grant it attendance). */
export async function attendee(t: TestApp, c: CompanyFixture, first = 'Ada'): Promise<{ employee: Employee; auth: Record<string, string> }> {
  const em = t.em();
  const employee = em.create(Employee, {
    company: em.getReference(Company, c.company.id),
    employee_code: unique('A'),
    first_name: first,
    last_name: 'Attendee',
    email: `${unique(first.toLowerCase())}@test.example.com`,
    position: em.getReference(Position, c.position.id),
  });
  await em.flush();
  const user = await createUser(em, 'employee', { company: em.getReference(Company, c.company.id), employee });
  return { employee, auth: bearer(await login(t, user.email)) };
}

export async function setZone(t: TestApp, companyId: number, zone: string): Promise<void> {
  await t.em().nativeUpdate(Company, { id: companyId }, { time_zone: zone });
}

export async function resetSettings(t: TestApp, companyId: number): Promise<void> {
  await t.em().execute('delete from attendance_settings where company_id = ?', [companyId]);
}

/** The latest moment before now minus 10 minutes at which the clock in `zone` reads hh:mm. */
export function pastLocal(zone: string, hh: number, mm: number): DateTime {
  let at = DateTime.now().setZone(zone).set({ hour: hh, minute: mm, second: 0, millisecond: 0 });
  if (at > DateTime.now().minus({ minutes: 10 })) at = at.minus({ days: 1 });
  return at;
}
