import type { ResourceConfig } from '../schema/config';

/** Settings → Leave Settings → Leave Types (hr.md 2, 3 Leave type). */
export const leaveTypes: ResourceConfig = {
  name: 'hr/leave-types',
  list: { include: ['type_name', 'type_code', 'max_days_per_year', 'policy_id', 'is_paid', 'is_active'], primary: 'type_name', secondary: 'type_code', status: 'is_active' },
  form: {
    include: ['type_name', 'type_code', 'description', 'max_days_per_year', 'policy_id', 'is_paid', 'requires_approval', 'requires_attachment', 'is_active'],
    defaults: { is_paid: true, requires_approval: true, is_active: true, max_days_per_year: 0 },
    wide: ['description'],
  },
};

/** Settings → Leave Settings → Leave Policies (hr.md 3 Leave policy). */
export const leavePolicies: ResourceConfig = {
  name: 'hr/leave-policies',
  list: { include: ['name', 'description', 'maxDaysPerYear', 'carryOverEnabled', 'paidLeaveEnabled'], primary: 'name', secondary: 'description', status: 'paidLeaveEnabled' },
  form: {
    include: [
      'name',
      'description',
      'maxDaysPerYear',
      'consecutiveDaysLimit',
      'carryOverEnabled',
      'maxCarryOverDays',
      'expiryMonths',
      'proRationEnabled',
      'requiresDoctorNote',
      'paidLeaveEnabled',
      'maternityWeeks',
      'paternityWeeks',
    ],
    defaults: { paidLeaveEnabled: true },
    wide: ['name', 'description'],
  },
};

/** The company's public holidays, which leave requests do not count (Leave Policies tab). */
export const holidays: ResourceConfig = {
  name: 'hr/holidays',
  list: { include: ['holiday_date', 'name'], primary: 'name', secondary: 'holiday_date' },
  form: { include: ['holiday_date', 'name'] },
};

export const settingsMessages = {
  'hr/leave-types': {
    add: 'Add Leave Type',
    create_title: 'Add Leave Type',
    edit_title: 'Edit Leave Type',
    empty: 'No leave types found',
    created: 'Leave type created successfully',
    updated: 'Leave type updated successfully',
    deleted: 'Leave type deleted successfully',
    save_failed: 'Failed to save leave type',
    load_failed: 'Failed to fetch leave types',
    delete_failed: 'Failed to delete leave type',
    confirm_delete_title: 'Delete',
    confirm_delete: 'Are you sure you want to delete this leave type?',
    fields: {
      type_name: 'Type Name',
      type_code: 'Type Code',
      description: 'Description',
      max_days_per_year: 'Max Days Per Year',
      policy_id: 'Policy',
      is_paid: 'Paid',
      requires_approval: 'Requires approval',
      requires_attachment: 'Requires Attachment',
      is_active: 'Active',
    },
    help: { max_days_per_year: '0 means no yearly limit', policy_id: 'Empty: no policy' },
  },
  'hr/leave-policies': {
    add: 'Add Policy',
    create_title: 'Add Policy',
    edit_title: 'Edit Policy',
    empty: 'No leave policies found',
    created: 'Settings saved successfully',
    updated: 'Settings saved successfully',
    deleted: 'Leave policy deleted successfully',
    save_failed: 'Failed to save settings',
    delete_failed: 'Failed to delete leave policy',
    confirm_delete_title: 'Delete',
    confirm_delete: 'Are you sure you want to delete this leave policy?',
    fields: {
      name: 'Policy Name',
      description: 'Description',
      carryOverEnabled: 'Carry over unused days',
      maxCarryOverDays: 'Max carry-over days',
      expiryMonths: 'Carried days expire after (months)',
      proRationEnabled: 'Pro-rate for joiners',
      requiresDoctorNote: "Requires doctor's note",
      maxDaysPerYear: 'Max days per year (overrides the type)',
      consecutiveDaysLimit: 'Consecutive days limit',
      paidLeaveEnabled: 'Paid leave',
      maternityWeeks: 'Maternity weeks',
      paternityWeeks: 'Paternity weeks',
    },
  },
  'hr/holidays': {
    title: 'Holidays',
    add: 'Add Holiday',
    create_title: 'Add Holiday',
    edit_title: 'Edit Holiday',
    empty: 'No holidays yet. Add the first one.',
    created: 'Holiday created successfully',
    updated: 'Holiday updated successfully',
    deleted: 'Holiday deleted successfully',
    save_failed: 'Failed to save holiday',
    delete_failed: 'Failed to delete holiday',
    confirm_delete_title: 'Delete holiday',
    confirm_delete: 'Are you sure you want to delete the holiday %{name}?',
    fields: { holiday_date: 'Date', name: 'Name', year: 'Year', from: 'From', to: 'To' },
  },
};
