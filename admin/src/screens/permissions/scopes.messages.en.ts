import { addMessages } from '../../providers/i18nProvider';

/** Texts of the scopes in the permission matrix and of the line-manager card, registered when the matrix loads. */
export const permissionScopesMessages = {
  explained:
    'Each granted action covers the records of the employee themselves (Own), of everyone who reports to them directly or through others (Team), of their department (Department), or of the whole company (Company).',
  scope: '%{module} %{action} scope',
  own: 'Own',
  team: 'Team',
  department: 'Department',
  company: 'Company',
};

export const lineManagersMessages = {
  title: 'Line managers',
  description:
    "Every employee whom others report to sees the team's profiles (without pay), attendance, leave requests and balances, tasks and KPI results, and approves or rejects the team's leave requests. The matrix can give a position or department more.",
  toggle: 'Give line managers their team',
  on: "On: line managers work on their team's records (%{modules}) without a matrix right.",
  off: 'Off: only the matrix below gives access.',
  loading: 'Loading the line-manager setting',
  saving: 'Saving...',
  saved_on: 'Line managers turned on',
  saved_off: 'Line managers turned off',
  load_failed: 'Failed to load the line-manager setting',
  save_failed: 'Failed to save the line-manager setting',
  confirm_off_title: 'Turn line managers off?',
  confirm_off:
    "Managers whose position and department give no rights over their team will no longer see the team's records or approve its leave until the matrix gives them access.",
  turn_off: 'Turn off',
  cancel: 'Cancel',
  modules: {
    employees: 'profiles',
    attendance: 'attendance',
    leave: 'leave',
    payroll: 'payroll',
    monitoring: 'tasks',
    kpi: 'KPI results',
  },
};

addMessages({ permission_scopes: permissionScopesMessages, line_managers: lineManagersMessages });
