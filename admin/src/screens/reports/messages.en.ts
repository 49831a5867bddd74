import { addMessages } from '../../providers/i18nProvider';

/** English texts of /hr/reports (the company's reports and scheduled reports), registered when the screen loads. */
export const reportsMessages = {
  subtitle: 'Headcount, attendance, leave, payroll and KPI figures of your company, to read, chart and download',
  groups_label: 'Report groups',
  reports_label: 'Reports of this group',
  groups: {
    headcount: 'Headcount',
    attendance: 'Attendance',
    leave: 'Leave',
    payroll: 'Payroll',
    kpi: 'KPI & bonus',
  },
  filters: {
    from: 'From',
    to: 'To',
    at: 'On',
    department_id: 'Department',
    position_id: 'Position',
    location_id: 'Work location',
    group_by: 'Group by',
    older_than_days: 'Pending for at least (days)',
    all_department_id: 'All departments',
    all_position_id: 'All positions',
    all_location_id: 'All locations',
  },
  none: 'No reports are available to you.',
  loading: 'Loading the report',
  empty: 'No data for these filters',
  total: 'Total',
  truncated: 'Showing the first %{shown} of %{total} rows; download the file for all of them.',
  load_failed: 'Could not load the report',
  catalogue_failed: 'Could not load the reports',
  export: {
    label: 'Download as %{format}',
    failed: 'Could not download the %{format} file',
  },
  scheduled: {
    tab: 'Scheduled reports',
    title: 'Scheduled reports',
    subtitle: 'Reports sent by e-mail every week or month',
  },
};

/** The scheduled reports' collection on the schema layer (its report titles come from the catalogue). */
export const subscriptionMessages = {
  add: 'Add scheduled report',
  create_title: 'Add a scheduled report',
  edit_title: 'Change the scheduled %{name}',
  empty: 'No reports are scheduled yet.',
  created: 'Scheduled report added',
  updated: 'Scheduled report saved',
  deleted: 'Scheduled report deleted',
  save_failed: 'Could not save the scheduled report',
  delete_failed: 'Could not delete the scheduled report',
  confirm_delete_title: 'Delete the scheduled report?',
  confirm_delete: '%{name} will no longer be sent.',
  last_error: 'Last run sent nothing: %{error}',
  fields: {
    report_id: 'Report',
    report_title: 'Report',
    frequency: 'Frequency',
    format: 'Format',
    recipients: 'Recipients',
    group_by: 'Group by',
    department_id: 'Department',
    position_id: 'Position',
    location_id: 'Work location',
    is_active: 'Active',
    next_run_at: 'Next run',
    last_sent_at: 'Last sent',
    last_error: 'Last error',
  },
  columns: { is_active: 'Status' },
  help: {
    recipients: 'E-mail addresses of your company’s users: pick them or type them, separated by commas',
    is_active: 'Paused reports are not sent',
  },
  enums: {
    frequency: { weekly: 'Weekly', monthly: 'Monthly' },
    format: { csv: 'CSV', xlsx: 'XLSX', pdf: 'PDF' },
    is_active: { true: 'Active', false: 'Paused' },
  },
};

addMessages({ reports: reportsMessages, resources: { 'reports/subscriptions': subscriptionMessages } });
