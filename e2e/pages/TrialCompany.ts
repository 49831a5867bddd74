import { expect, type APIRequestContext } from '@playwright/test';
import { uniqueId } from './PwaApi';

/** The admin of a company started on the free trial, and the company's name. */
export interface TrialOwner {
  email: string;
  password: string;
  company: string;
}

/** The id of a package offered publicly, by name. */
export async function publicPackage(request: APIRequestContext, name: string): Promise<number> {
  const res = await request.get('/api/packages/packages/public');
  expect(res.status()).toBe(200);
  const pkg = ((await res.json()).data as Array<{ id: number; package_name: string }>).find((p) => p.package_name === name);
  expect(pkg, `the public package ${name}`).toBeTruthy();
  return pkg!.id;
}

/**
 * A company registered through the free trial of Standard (as the free trial page preselects it),
 * with its admin: a new one per call, so the demo company Acme stays untouched.
 */
export async function registerTrialCompany(
  request: APIRequestContext,
  who: { first_name: string; last_name: string; company: string; domain: string; password: string },
): Promise<TrialOwner> {
  const id = uniqueId();
  const standard = await publicPackage(request, 'Standard');
  const username = `${who.first_name.toLowerCase()}.${id}`;
  const owner = { email: `${username}@${who.domain}`, password: who.password, company: `${who.company} ${id}` };
  const res = await request.post('/api/auth/register', {
    data: {
      username,
      email: owner.email,
      password: owner.password,
      first_name: who.first_name,
      last_name: who.last_name,
      role: 'company_admin',
      create_company: true,
      company_name: owner.company,
      package_id: standard,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return owner;
}
