import type { ResourceConfig } from '../schema/config';

/** Payroll → Settings: the salary components (allowances and deductions) of the company. */
export const salaryComponents: ResourceConfig = {
  name: 'hr/payroll/components',
  list: {
    include: ['component_name', 'component_code', 'component_type', 'amount', 'assigned_count', 'is_active'],
    primary: 'component_name',
    secondary: 'amount',
    status: 'component_type',
  },
  form: {
    include: ['component_name', 'component_code', 'component_type', 'calculation_type', 'amount', 'percentage', 'is_taxable', 'applies_to_all', 'is_active', 'description'],
    defaults: { component_type: 'allowance', calculation_type: 'fixed', is_taxable: true, applies_to_all: false, is_active: true },
    wide: ['description'],
  },
};

/** Payroll → Settings: an employee's components, with the employee's own amount or percent where it differs. */
export const employeeComponents: ResourceConfig = {
  name: 'hr/payroll/employee-components',
  list: { include: ['employee_id', 'component_id', 'amount', 'percentage'], primary: 'employee_id', secondary: 'component_id' },
  form: { include: ['employee_id', 'component_id', 'amount', 'percentage'], locked: ['employee_id', 'component_id'], wide: ['employee_id'] },
};

/** Payroll → Settings: the income tax table, replaced as a whole (PUT /api/hr/payroll/tax-brackets). */
export const taxBrackets = { name: 'hr/payroll/tax-brackets', items: 'brackets' } as const;

export const payrollMessages = {
  'hr/payroll/components': {
    title: 'Salary Components',
    add: 'New Component',
    create_title: 'New Component',
    edit_title: 'Edit Component',
    empty: 'No salary components yet.',
    created: 'Salary component created successfully',
    updated: 'Salary component updated successfully',
    deleted: 'Salary component deleted successfully',
    save_failed: 'Failed to save settings',
    delete_failed: 'Failed to remove the assignment',
    confirm_delete_title: 'Delete this salary component?',
    confirm_delete: 'Its assignments are removed; payrolls already computed keep their lines.',
    fields: {
      component_name: 'Name',
      component_code: 'Code',
      component_type: 'Type',
      calculation_type: 'Calculation',
      amount: 'Value',
      percentage: 'Percent of basic salary',
      is_taxable: 'Taxable (deductions: after tax)',
      applies_to_all: 'Applies to every employee',
      assigned_count: 'Applies to',
      is_active: 'Active',
      description: 'Description',
    },
    help: {
      amount: 'Monthly amount, e.g. 150.00',
      percentage: 'e.g. 5.0000',
      component_code: 'Letters, digits and _',
    },
    enums: {
      component_type: { allowance: 'Allowance', deduction: 'Deduction' },
      calculation_type: { fixed: 'Fixed amount', percentage: 'Percentage' },
    },
  },
  'hr/payroll/employee-components': {
    title: 'Employee Components',
    add: 'Assign',
    create_title: 'Assign Component',
    edit_title: 'Edit Assignment',
    empty: 'Not assigned to anyone.',
    created: 'Component assigned successfully',
    updated: 'Assignment updated successfully',
    deleted: 'Assignment removed successfully',
    save_failed: 'Failed to save settings',
    delete_failed: 'Failed to delete the salary component',
    confirm_delete_title: 'Remove assignment',
    confirm_delete: 'Remove the component from %{name}?',
    fields: {
      employee_id: 'Employee',
      component_id: 'Component',
      amount: 'Own amount',
      percentage: 'Own percent',
    },
    help: { amount: 'Optional, e.g. 200.00', percentage: 'Optional, e.g. 5.0000' },
  },
  'hr/payroll/tax-brackets': {
    title: 'Income Tax (monthly taxable income)',
    hint: 'Bands start at 0; each starts where the previous one ends; leave the last "to" empty.',
    add: 'Add Band',
    save: 'Save Tax Table',
    saved: 'Tax table saved successfully',
    save_failed: 'Failed to save settings',
    no_limit: 'and above',
    fields: { lower_bound: 'From', upper_bound: 'To', rate: 'Rate %' },
  },
};
