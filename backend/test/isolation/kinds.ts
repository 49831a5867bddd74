/**
 * What a path parameter names, by path prefix (the longest prefix wins). Tenant kinds get a row
 * of the caller's company and one of the other company; platform kinds a row of no company.
 * A path with a parameter that no prefix here covers fails the matrix.
 */
export const PATH_KINDS: Record<string, string> = {
  '/api/auth/companies/{id}': 'company',
  '/api/auth/impersonate/{id}': 'company',
  // the token of an e-mailed link; the matrix sends one that names no invitation
  '/api/auth/invitations/{token}': 'invitation_token',
  '/api/system/companies/{id}': 'company',
  '/api/hr/departments/{id}': 'department',
  '/api/permissions/departments/{id}': 'department',
  '/api/hr/positions/{id}': 'position',
  '/api/permissions/positions/{id}': 'position',
  '/api/hr/employees/{id}': 'employee',
  '/api/monitoring/tasks/{id}': 'task',
  '/api/monitoring/tasks/templates/{id}': 'task_template',
  '/api/packages/features/{id}': 'feature',
  '/api/packages/packages/{id}': 'package',
  '/api/billing/invoices/{id}': 'invoice',
  '/api/cms/admin/landing-pages/{id}': 'landing_page',
  '/api/cms/admin/features/{id}': 'landing_feature',
  '/api/cms/admin/testimonials/{id}': 'testimonial',
  '/api/hr/holidays/{id}': 'holiday',
  '/api/hr/leave-policies/{id}': 'leave_policy',
  '/api/hr/leave-types/{id}': 'leave_type',
  '/api/hr/leave-requests/{id}': 'leave_request',
  '/api/hr/leave-requests/attachments/{id}': 'leave_attachment',
  '/api/hr/shifts/{id}': 'shift',
  '/api/hr/work-locations/{id}': 'work_location',
  '/api/hr/shift-assignments/{id}': 'shift_assignment',
  '/api/hr/attendance/{id}': 'attendance_record',
  '/api/hr/payroll/components/{id}': 'salary_component',
  '/api/hr/payroll/employee-components/{id}': 'employee_component',
  '/api/hr/payroll/{id}': 'payroll_record',
  '/api/kpi/kpis/{id}': 'kpi',
  '/api/kpi/kpi-targets/{id}': 'kpi_target',
  '/api/kpi/kpi-values/{id}': 'kpi_value',
  '/api/kpi/bonus-rules/{id}': 'bonus_rule',
  '/api/kpi/bonus-payments/{id}': 'bonus_payment',
  '/api/reports/{report}': 'report',
  '/api/reports/subscriptions/{id}': 'report_subscription',
};

/** Request-body properties that name a tenant row, and the kind they name. */
export const BODY_ID_KINDS: Record<string, string> = {
  department_id: 'department',
  position_id: 'position',
  employee_id: 'employee',
  manager_id: 'employee',
  assigned_to: 'employee',
  template_id: 'task_template',
  leave_type_id: 'leave_type',
  policy_id: 'leave_policy',
  shift_id: 'shift',
  location_id: 'work_location',
  work_location_id: 'work_location',
  component_id: 'salary_component',
  attachment_id: 'leave_attachment',
  kpi_id: 'kpi',
  // the sample target_type and entity_type is the first subject type, employee
  target_id: 'employee',
  entity_id: 'employee',
};

/**
 * Request-body lists of ids, by operation: each is sent with one fresh row of the kind, in the
 * company under test (an example's fixed ids would name whatever rows other tests made first).
 */
export const BODY_ID_LISTS: Record<string, Record<string, string>> = {
  'PUT /api/hr/payroll/status': { ids: 'payroll_record' },
};

/** The kind of one path parameter: looked up by the path up to and including that parameter. */
export function kindOf(path: string, param: string): string | undefined {
  const token = `{${param}}`;
  return PATH_KINDS[path.slice(0, path.indexOf(token) + token.length)];
}
