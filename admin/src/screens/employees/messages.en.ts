/** English texts of the Employees screen beyond its resource's (resources/people.ts), merged into src/i18n/en.ts as `employees`. */
export const employeesMessages = {
  title: 'Employees',
  subtitle: "Manage your organization's employees",
  own_locked: 'You cannot change this on your own record',
  no_rights_notice:
    'This position and department grant no rights in Permission Management: the new employee will only check in, request leave and see their own payslips, tasks and KPI results.',
  export: 'Export',
  export_failed: 'Failed to export employees',
  import: 'Import',
  import_failed: 'Failed to import employees',
  import_errors_title: 'The file was not imported',
  import_errors_intro: 'Nothing was imported. Fix these rows and import the file again (row 1 is the header):',
  import_row: 'Row %{row}',
  import_more: 'and %{count} more',
  close: 'Close',
};
