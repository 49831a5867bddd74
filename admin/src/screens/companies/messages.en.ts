import { addMessages } from '../../providers/i18nProvider';

/** English texts of /companies (platform.md 2.13, 8), registered when a screen that shows them loads. */
export const companiesMessages = {
  subtitle: 'The companies of the platform, their packages and admins',
  search: 'Search companies',
  add: 'Add Company',
  edit: 'Edit',
  create_admin: 'Create Admin',
  delete: 'Delete',
  view_as_admin: 'View as Admin',
  empty: 'No companies yet. Add the first one.',
  no_match: 'No company matches your search.',
  users: '%{smart_count} user |||| %{smart_count} users',
  employees: '%{smart_count} employee |||| %{smart_count} employees',
  trial_until: 'Trial until %{date}',
  trial_ended: 'Trial ended %{date}',
  plan: 'Plan',
  status: 'Status',
  statuses: { active: 'Active', suspended: 'Suspended', cancelled: 'Cancelled' },
  fields: {
    email: 'Email',
    username: 'Username',
    password: 'Password',
    first_name: 'First Name',
    last_name: 'Last Name',
  },
  admin_title: 'Create Company Admin',
  admin_for: 'A company_admin of %{company}',
  create: 'Create',
  delete_title: 'Delete Company',
  delete_confirm: 'Delete %{company}? This cannot be undone.',
  delete_warning:
    'This company has %{smart_count} user. Deleting it also removes its users, employees, departments, positions, attendance and payroll. |||| This company has %{smart_count} users. Deleting it also removes its users, employees, departments, positions, attendance and payroll.',
  validation: {
    email: 'Please enter a valid email address',
    username: 'Username is required',
    admin_email: 'Email is required',
    password: 'Password is required',
    password_short: 'Password must be at least 8 characters',
    first_name: 'First name is required',
    last_name: 'Last name is required',
  },
  toast: {
    deleted: 'Company deleted successfully!',
    admin_created: 'Company admin created successfully!',
    impersonating: 'Now impersonating %{company}',
  },
  errors: {
    fetch: 'Failed to fetch companies',
    delete: 'Failed to delete company',
    create_admin: 'Failed to create company admin',
    impersonate: 'Failed to impersonate company',
  },
};

addMessages({ companies: companiesMessages });
