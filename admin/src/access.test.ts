import { describe, expect, it } from 'vitest';
import { canOpen, consoleRole, decideAccess, menuEntries, SETTINGS_ADMIN } from './access';
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

/** Every module of the plan with every action, as the server answers a company admin (and a superadmin impersonating). */
const ALL_OF = (keys: string[]): PermissionEntry[] =>
  keys.map((key, i) => ({
    module_id: i + 1,
    module: { id: i + 1, module_key: key, module_name: key },
    can_view: true,
    can_create: true,
    can_edit: true,
    can_delete: true,
  }));
const ENTERPRISE = ALL_OF(['employees', 'departments', 'positions', 'attendance', 'leave', 'payroll', 'reports', 'settings', 'monitoring', 'kpi']);

describe('a superadmin impersonating a company sees what its admin sees', () => {
  const admin: Session = { token: 't', user: { id: 2, role: 'company_admin', company_id: 5 } as SessionUser, permissions: ENTERPRISE, impersonatedCompany: null };
  const impersonating: Session = {
    token: 't',
    user: { id: 1, role: 'superadmin', company_id: 5, impersonating: true } as SessionUser,
    permissions: ENTERPRISE,
    impersonatedCompany: { id: 5, company_name: 'Acme' },
  };

  it('the same menu: Shift Roster, Operational Monitoring, KPI & Bonus, Reports and Settings included', () => {
    const labels = menuEntries(impersonating).map((e) => e.label);
    expect(labels).toEqual(menuEntries(admin).map((e) => e.label));
    expect(labels).toEqual(expect.arrayContaining(['menu.shift_roster', 'menu.operational_monitoring', 'menu.kpi_bonus', 'menu.reports', 'menu.settings']));
    expect(consoleRole(impersonating)).toBe('company_admin');
  });

  it('the same routes; the platform screens wait for the end of the impersonation', () => {
    for (const path of ['/hr/shift-roster', '/hr/operational-monitoring', '/hr/kpi-bonus', '/hr/permissions', '/hr/reports'] as const) {
      expect(canOpen(path, impersonating)).toBe(true);
    }
    expect(canOpen('/companies', impersonating)).toBe(false);
  });

  it('bound by the company plan, as its admin is', () => {
    const basic = { ...impersonating, permissions: ALL_OF(['employees', 'departments', 'positions', 'attendance', 'leave', 'settings']) };
    expect(canOpen('/hr/kpi-bonus', basic)).toBe(false);
    expect(menuEntries(basic).map((e) => e.label)).not.toContain('menu.reports');
  });
});

describe('Operational Monitoring and KPI & Bonus follow their own module', () => {
  const admin = (keys: string[]): Session => ({ token: 't', user: { id: 2, role: 'company_admin' } as SessionUser, permissions: ALL_OF(keys), impersonatedCompany: null });

  it('a plan with only monitoring shows Operational Monitoring, not KPI & Bonus', () => {
    const labels = menuEntries(admin(['employees', 'settings', 'monitoring'])).map((e) => e.label);
    expect(labels).toContain('menu.operational_monitoring');
    expect(labels).not.toContain('menu.kpi_bonus');
    expect(canOpen('/hr/kpi-bonus', admin(['monitoring']))).toBe(false);
  });

  it('and the other way round', () => {
    const labels = menuEntries(admin(['employees', 'settings', 'kpi'])).map((e) => e.label);
    expect(labels).toContain('menu.kpi_bonus');
    expect(labels).not.toContain('menu.operational_monitoring');
  });
});

describe('Reports follows the API: whoever holds reports view', () => {
  it('an employee with reports view has Reports in the menu and opens it', () => {
    const withReports = employee([...SELF_SERVICE, entry(7, 'reports', {})]);
    expect(menuEntries(withReports).map((e) => e.label)).toContain('menu.reports');
    expect(canOpen('/hr/reports', withReports)).toBe(true);
  });

  it('without it, neither', () => {
    expect(menuEntries(employee(SELF_SERVICE)).map((e) => e.label)).not.toContain('menu.reports');
    expect(canOpen('/hr/reports', employee(SELF_SERVICE))).toBe(false);
  });
});
