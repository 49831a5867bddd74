import type { ResourceConfig } from '../schema/config';

export const companies: ResourceConfig = {
  name: 'auth/companies',
  list: { include: ['company_name', 'company_code', 'industry', 'email', 'phone', 'website', 'subscription_state', 'users_count', 'employees_count'] },
  form: {
    include: ['company_name', 'company_code', 'industry', 'email', 'phone', 'website', 'address', 'package_id', 'subscription_status', 'trial_ends_at', 'time_zone'],
    wide: ['address'],
  },
};

export const packages: ResourceConfig = {
  name: 'packages/packages',
  list: { include: ['package_name', 'package_code', 'monthly_price', 'annual_price', 'max_employees', 'max_admins', 'trial_days', 'is_popular', 'is_active', 'companies_count'] },
  form: {
    include: ['package_code', 'package_name', 'description', 'monthly_price', 'annual_price', 'max_employees', 'max_admins', 'trial_days', 'sort_order', 'is_popular', 'is_active'],
    locked: ['package_code'],
  },
};

export const features: ResourceConfig = {
  name: 'packages/features',
  list: { include: ['feature_name', 'feature_code', 'module', 'feature_type', 'is_active'], primary: 'feature_name', secondary: 'feature_code', status: 'is_active' },
  form: { include: ['feature_code', 'feature_name', 'module', 'feature_type', 'description', 'is_active'] },
};

/** The landing pages: a page is added empty and written in the editor, which saves each field on blur. */
export const landingPages: ResourceConfig = {
  name: 'cms/admin/landing-pages',
  list: { include: ['hero_title', 'created_at', 'is_active'], primary: 'hero_title', secondary: 'created_at', status: 'is_active' },
};

const MODULES = { hr: 'HR', face: 'Face recognition', monitoring: 'Monitoring', kpi: 'KPI', api: 'API', support: 'Support' };

export const platformMessages = {
  'cms/admin/landing-pages': {
    empty: 'No landing pages yet. Create one to get started.',
    add: 'Create Page',
    create_first: 'Create Page',
    edit: 'Edit',
    delete: 'Delete',
    deleted: 'Landing page deleted successfully',
    delete_failed: 'Failed to delete landing page',
    create_failed: 'Failed to create landing page',
    update_failed: 'Failed to update page',
    load_failed: 'Failed to fetch landing pages',
    confirm_delete_title: 'Delete landing page',
    confirm_delete: 'Delete "%{name}" with its features and testimonials? This cannot be undone.',
    columns: { hero_title: 'Page', created_at: 'Created', is_active: 'Status' },
    fields: { hero_title: 'Hero title', created_at: 'Created', is_active: 'Status' },
  },
  'auth/companies': {
    add: 'Add Company',
    create_title: 'Add Company',
    edit_title: 'Edit Company',
    empty: 'No companies yet. Add the first one.',
    created: 'Company created successfully!',
    updated: 'Company updated successfully!',
    deleted: 'Company deleted successfully!',
    save_failed: 'Failed to create company',
    create_failed: 'Failed to create company',
    update_failed: 'Failed to update company',
    load_failed: 'Failed to fetch companies',
    delete_failed: 'Failed to delete company',
    confirm_delete_title: 'Delete Company',
    confirm_delete: 'Delete %{name}? This cannot be undone.',
    fields: {
      company_name: 'Company Name',
      company_code: 'Company Code',
      industry: 'Industry',
      email: 'Email',
      phone: 'Phone',
      address: 'Address',
      website: 'Website',
      package_id: 'Package',
      subscription_status: 'Subscription Status',
      subscription_state: 'Status',
      trial_ends_at: 'Trial ends',
      time_zone: 'Time zone',
      users_count: 'Users',
      employees_count: 'Employees',
    },
    help: {
      package_id: 'Empty: the default package (Enterprise)',
      trial_ends_at: 'Empty: not in trial',
      time_zone: 'IANA time zone, e.g. America/New_York',
    },
    enums: {
      subscription_status: { active: 'Active', suspended: 'Suspended', cancelled: 'Cancelled' },
    },
  },
  'packages/packages': {
    add: 'Create Package',
    create_title: 'Create Package',
    edit_title: 'Edit Package',
    empty: 'No packages yet. Create the first one.',
    created: 'Package created successfully!',
    updated: 'Package updated successfully!',
    deleted: 'Package deleted successfully!',
    save_failed: 'Failed to create package',
    create_failed: 'Failed to create package',
    update_failed: 'Failed to update package',
    load_failed: 'Failed to fetch packages',
    delete_failed: 'Failed to delete package',
    confirm_delete_title: 'Delete Package',
    confirm_delete: 'Delete the package %{name}? This cannot be undone.',
    fields: {
      package_code: 'Package Code',
      package_name: 'Package Name',
      description: 'Description',
      monthly_price: 'Monthly Price ($)',
      annual_price: 'Annual Price ($)',
      max_employees: 'Max Employees',
      max_admins: 'Max Admins',
      trial_days: 'Trial Days',
      sort_order: 'Sort Order',
      is_popular: 'Popular',
      is_active: 'Offered publicly',
      companies_count: 'Companies',
    },
    help: {
      package_code: 'Cannot be changed after creation',
      max_employees: '-1 = unlimited',
      max_admins: '-1 = unlimited',
    },
  },
  'packages/features': {
    add: 'Create Feature',
    create_title: 'Create Feature',
    edit_title: 'Edit Feature',
    empty: 'No features yet. Create the first one.',
    created: 'Feature created successfully!',
    updated: 'Feature updated successfully',
    deleted: 'Feature deleted successfully',
    save_failed: 'Failed to create feature',
    create_failed: 'Failed to create feature',
    update_failed: 'Failed to update feature',
    load_failed: 'Failed to fetch features',
    delete_failed: 'Failed to delete feature',
    confirm_delete_title: 'Delete Feature',
    confirm_delete: 'Delete the feature %{name}? Packages including it lose it.',
    fields: {
      feature_code: 'Feature Code',
      feature_name: 'Feature Name',
      description: 'Description',
      module: 'Module',
      feature_type: 'Type',
      is_active: 'Active',
      grants_module: 'Grants module',
    },
    enums: {
      module: MODULES,
      feature_type: { core: 'Core', premium: 'Premium', addon: 'Add-on' },
    },
  },
};
