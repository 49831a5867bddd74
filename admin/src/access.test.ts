import { describe, expect, it } from 'vitest';
import { canOpen, consoleRole, decideAccess, menuEntries, SETTINGS_ADMIN } from './access';
import type { PermissionEntry, RecordScope, Session, SessionUser } from './providers/session';

/** An entry as the server answers it: self-service rights cover one's own records, the matrix's here the company. */
const entry = (id: number, key: string, rights: { create?: boolean; self_service?: boolean; line_manager?: boolean; scope?: RecordScope }): PermissionEntry => {
  const scope = rights.scope ?? (rights.self_service ? 'own' : 'company');
  return {
    module_id: id,
    module: { id, module_key: key, module_name: key },
    can_view: true,
    can_create: !!rights.create,
    can_edit: false,
    can_delete: false,
    self_service: rights.self_service,
    line_manager: rights.line_manager,
    view_scope: scope,
    create_scope: rights.create ? scope : null,
    edit_scope: null,
    delete_scope: null,
  };
};

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
    view_scope: 'company',
    create_scope: 'company',
    edit_scope: 'company',
    delete_scope: 'company',
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

describe('My Team opens for whoever covers more people than themselves', () => {
  /** An employee whom others report to: self-service on their own records, the line-manager policy's team on top. */
  const LINE_MANAGER = [
    entry(4, 'attendance', { create: true, self_service: true, line_manager: true, scope: 'team' }),
    entry(5, 'leave', { create: true, self_service: true, line_manager: true, scope: 'team' }),
    entry(6, 'payroll', { self_service: true }),
  ];

  it('a line manager has My Team in the menu, after the dashboard, and opens it', () => {
    const labels = menuEntries(employee(LINE_MANAGER)).map((e) => e.label);
    expect(labels.slice(0, 3)).toEqual(['menu.dashboard', 'menu.my_team', 'menu.my_attendance']);
    expect(canOpen('/hr/team', employee(LINE_MANAGER))).toBe(true);
  });

  it('attendance over a department or the company opens it too', () => {
    for (const scope of ['department', 'company'] as const) {
      expect(canOpen('/hr/team', employee([entry(4, 'attendance', { scope })]))).toBe(true);
    }
  });

  it('an employee who sees only their own records has neither the entry nor the route', () => {
    expect(menuEntries(employee(SELF_SERVICE)).map((e) => e.label)).not.toContain('menu.my_team');
    expect(decideAccess({ module: 'attendance', beyondOwn: true }, employee(SELF_SERVICE))).toBe('dashboard');
    expect(canOpen('/hr/team', employee([]))).toBe(false);
  });

  it('the leave of a team without its attendance does not open it (Today is attendance)', () => {
    const leaveOnly = [entry(4, 'attendance', { self_service: true }), entry(5, 'leave', { line_manager: true, scope: 'team' })];
    expect(canOpen('/hr/team', employee(leaveOnly))).toBe(false);
  });

  it('a company admin opens it for the whole company; their menu stays as it was', () => {
    const admin: Session = { token: 't', user: { id: 2, role: 'company_admin' } as SessionUser, permissions: ENTERPRISE, impersonatedCompany: null };
    expect(canOpen('/hr/team', admin)).toBe(true);
    expect(menuEntries(admin).map((e) => e.label)).not.toContain('menu.my_team');
  });
});

describe('Org chart opens for whoever holds employees view; the server answers whom they see', () => {
  it('a company admin has it right after Positions', () => {
    const admin: Session = { token: 't', user: { id: 2, role: 'company_admin' } as SessionUser, permissions: ENTERPRISE, impersonatedCompany: null };
    const labels = menuEntries(admin).map((e) => e.label);
    expect(labels[labels.indexOf('menu.positions') + 1]).toBe('menu.org_chart');
    expect(canOpen('/hr/org-chart', admin)).toBe(true);
  });

  it("a line manager, whose team's profiles the policy shows, has it in their menu", () => {
    const lineManager = [...SELF_SERVICE, entry(1, 'employees', { line_manager: true, scope: 'team' })];
    expect(menuEntries(employee(lineManager)).map((e) => e.label)).toContain('menu.org_chart');
    expect(canOpen('/hr/org-chart', employee(lineManager))).toBe(true);
  });

  it('an employee without employees view has neither the entry nor the route', () => {
    expect(menuEntries(employee(SELF_SERVICE)).map((e) => e.label)).not.toContain('menu.org_chart');
    expect(canOpen('/hr/org-chart', employee(SELF_SERVICE))).toBe(false);
  });
});
