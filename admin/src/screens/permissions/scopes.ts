import type { EntryRecord } from './api';

export const ACTIONS = ['view', 'create', 'edit', 'delete'] as const;
export type Action = (typeof ACTIONS)[number];

/** Whose records a granted action covers, narrowest first. */
export const SCOPES = ['own', 'team', 'department', 'company'] as const;
export type Scope = (typeof SCOPES)[number];

/** One module's entry of a matrix: the four flags and, per granted action, its scope (null without the action). */
export type Rights = Pick<
  EntryRecord,
  'can_view' | 'can_create' | 'can_edit' | 'can_delete' | 'view_scope' | 'create_scope' | 'edit_scope' | 'delete_scope'
>;

/** The entries of a position or department by module id; a module without an entry is disabled. */
export type Matrix = Record<number, Rights>;

const flag = (action: Action) => `can_${action}` as const;
const scopeOf = (action: Action) => `${action}_scope` as const;

const NONE: Rights = {
  can_view: false,
  can_create: false,
  can_edit: false,
  can_delete: false,
  view_scope: null,
  create_scope: null,
  edit_scope: null,
  delete_scope: null,
};

/**
 * The modules whose rights cover employee records: departments, positions, settings and reports
 * hold none (a report follows the scope of its own module), so their cells have no scope.
 */
export const SCOPED_MODULES: readonly string[] = ['employees', 'attendance', 'leave', 'payroll', 'monitoring', 'kpi'];
export const hasScope = (moduleKey: string) => SCOPED_MODULES.includes(moduleKey);

/**
 * The scope an action starts at when it is ticked: the server's default for an entry sent
 * without scopes (payroll without create or edit is one's own payslips, leave without edit one's
 * own requests and balances, attendance records one's own; everything else the company).
 */
export function defaultScope(moduleKey: string, rights: Rights, action: Action): Scope {
  if (moduleKey === 'attendance') return action === 'view' ? 'own' : 'company';
  if (moduleKey === 'payroll' && !rights.can_create && !rights.can_edit) return 'own';
  if (moduleKey === 'leave' && !rights.can_edit) return 'own';
  return 'company';
}

/** A module just enabled: view only, at its default scope. */
export function enabledRights(moduleKey: string): Rights {
  const rights = { ...NONE, can_view: true };
  return { ...rights, view_scope: defaultScope(moduleKey, rights, 'view') };
}

/**
 * An action ticked or unticked. Without view nothing else holds: unticking it disables the module
 * (undefined). A scope still at the default of the flags before follows the default of the flags
 * after, so ticking leave edit widens leave view with it unless a scope was chosen for view.
 */
export function withAction(moduleKey: string, current: Rights | undefined, action: Action, checked: boolean): Rights | undefined {
  if (action === 'view' && !checked) return undefined;
  const before = current ?? NONE;
  const after: Rights = { ...before, [flag(action)]: checked };
  for (const a of ACTIONS) {
    if (!after[flag(a)]) after[scopeOf(a)] = null;
    else if (a === action || before[scopeOf(a)] === null || before[scopeOf(a)] === defaultScope(moduleKey, before, a))
      after[scopeOf(a)] = defaultScope(moduleKey, after, a);
  }
  return after;
}

/** A scope chosen for a granted action. */
export const withScope = (current: Rights, action: Action, scope: Scope): Rights =>
  current[flag(action)] ? { ...current, [scopeOf(action)]: scope } : current;

/** The stored entries as the matrix edits them; a granted action the server answered without a scope gets its default. */
export function toMatrix(entries: EntryRecord[]): Matrix {
  return Object.fromEntries(
    entries.map((e) => {
      const rights = { ...NONE };
      for (const a of ACTIONS) {
        rights[flag(a)] = e[flag(a)];
        rights[scopeOf(a)] = e[flag(a)] ? (e[scopeOf(a)] ?? defaultScope(e.module?.module_key ?? '', e, a)) : null;
      }
      return [e.module_id, rights];
    }),
  );
}

/** The body of a save: every enabled module with its flags and the scope of each granted action, sent explicitly. */
export function toPayload(matrix: Matrix) {
  return Object.entries(matrix)
    .filter(([, rights]) => rights.can_view)
    .map(([moduleId, rights]) => {
      const entry: {
        module_id: number;
        can_view: boolean;
        can_create: boolean;
        can_edit: boolean;
        can_delete: boolean;
        view_scope?: Scope;
        create_scope?: Scope;
        edit_scope?: Scope;
        delete_scope?: Scope;
      } = { module_id: Number(moduleId), can_view: true, can_create: rights.can_create, can_edit: rights.can_edit, can_delete: rights.can_delete };
      for (const a of ACTIONS) {
        const scope = rights[scopeOf(a)];
        if (rights[flag(a)] && scope) entry[scopeOf(a)] = scope;
      }
      return entry;
    });
}

export const sameMatrix = (a: Matrix, b: Matrix) =>
  JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());
