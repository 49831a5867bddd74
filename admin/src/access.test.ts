import { describe, expect, it } from 'vitest';
import { canOpen, decideAccess, menuEntries, SETTINGS_ADMIN } from './access';
import type { PermissionEntry, Session, SessionUser } from './providers/session';

const entry = (id: number, key: string, rights: { create?: boolean; self_service?: boolean }): PermissionEntry => ({
  module_id: id,
  module: { id, module_key: key, module_name: key },
  can_view: true,
  can_create: !!rights.create,
  can_edit: false,
  can_delete: false,
  self_service: rights.self_service,
});

const employee = (permissions: PermissionEntry[]): Session => ({
  token: 'token',
  user: { id: 7, role: 'employee' } as SessionUser,
  permissions,
  impersonatedCompany: null,
});

/** What GET /api/permissions/user/permissions answers an employee whose matrix gives nothing, self-service on. */
const SELF_SERVICE = [
  entry(4, 'attendance', { create: true, self_service: true }),
  entry(5, 'leave', { create: true, self_service: true }),
  entry(6, 'payroll', { self_service: true }),
];

describe('the menu of an employee follows the effective permissions the server answers', () => {
  it('self-service rights show My Attendance, My Leave and My Payroll', () => {
    expect(menuEntries(employee(SELF_SERVICE)).map((e) => e.label)).toEqual([
      'menu.dashboard',
      'menu.my_attendance',
      'menu.my_leave',
      'menu.my_payroll',
    ]);
    expect(canOpen('/hr/leave', employee(SELF_SERVICE))).toBe(true);
  });

  it('with self-service off (nothing from the server) only the dashboard', () => {
    expect(menuEntries(employee([])).map((e) => e.label)).toEqual(['menu.dashboard']);
    expect(canOpen('/hr/attendance', employee([]))).toBe(false);
  });

  it("self-service never opens the admin screens, nor the company's settings (Settings itself is everyone's: own profile and notifications)", () => {
    for (const path of ['/hr/employees', '/hr/permissions'] as const) {
      expect(canOpen(path, employee(SELF_SERVICE))).toBe(false);
    }
    expect(canOpen('/settings', employee(SELF_SERVICE))).toBe(true);
    expect(decideAccess(SETTINGS_ADMIN, employee(SELF_SERVICE))).not.toBe('allow');
  });

  it('a plan without payroll: the server leaves it out, and so does the menu', () => {
    expect(menuEntries(employee(SELF_SERVICE.slice(0, 2))).map((e) => e.label)).not.toContain('menu.my_payroll');
  });
});

describe('Billing is the platform administrator’s', () => {
  const as = (role: SessionUser['role']): Session => ({
    token: 'token',
    user: { id: 1, role } as SessionUser,
    permissions: [],
    impersonatedCompany: null,
  });

  it('the superadmin opens /billing from the menu, after Packages', () => {
    const labels = menuEntries(as('superadmin')).map((e) => e.label);
    expect(canOpen('/billing', as('superadmin'))).toBe(true);
    expect(labels.indexOf('menu.billing')).toBe(labels.indexOf('menu.packages') + 1);
  });

  it('a company admin or an employee is sent to the dashboard', () => {
    for (const role of ['company_admin', 'employee'] as const) {
      expect(decideAccess({ roles: ['superadmin'] }, as(role))).toBe('dashboard');
      expect(canOpen('/billing', as(role))).toBe(false);
      expect(menuEntries(as(role)).map((e) => e.label)).not.toContain('menu.billing');
    }
  });
});
