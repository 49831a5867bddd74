/** Texts of the permission matrix's position and department list, merged into src/i18n/en.ts as `permission_subjects`. */
export const permissionSubjectsMessages = {
  search: 'Search',
  more: 'Showing the first %{shown} of %{total}: search to find the others',
};

/** Texts of the self-service card above the permission matrix, merged into src/i18n/en.ts as `self_service`. */
export const selfServiceMessages = {
  title: 'Self-service',
  description:
    'Every active employee with a login can check in and out, request and cancel their own leave and see their own balances, payslips, tasks and KPI results, on their own records only, for the modules of your plan. The matrix below governs everything else.',
  toggle: 'Allow self-service',
  on: 'On: employees use their own records (%{modules}) without a matrix right.',
  off: 'Off: only the matrix below gives access.',
  loading: 'Loading self-service',
  saving: 'Saving...',
  saved_on: 'Self-service turned on',
  saved_off: 'Self-service turned off',
  load_failed: 'Failed to load the self-service setting',
  save_failed: 'Failed to save the self-service setting',
  confirm_off_title: 'Turn self-service off?',
  confirm_off:
    'Employees whose position and department have no rights will no longer check in, request leave or see their payslips until the matrix gives them access.',
  turn_off: 'Turn off',
  cancel: 'Cancel',
  modules: {
    attendance: 'Attendance',
    leave: 'Leave',
    payroll: 'Payroll',
    monitoring: 'My tasks',
    kpi: 'KPI results',
  },
};
