import { companyDashboardMessages } from '../screens/dashboard/messages.en';
import { employeeHomeMessages } from '../screens/dashboard/home.messages.en';
import { departmentsMessages } from '../screens/departments/messages.en';
import { employeesMessages } from '../screens/employees/messages.en';
import { positionsMessages } from '../screens/positions/messages.en';
import { monitoringMessages } from '../screens/operational-monitoring/messages.en';
import { settingsMessages } from '../screens/settings/messages.en';
import { companiesMessages } from '../screens/companies/messages.en';
import { packagesMessages } from '../screens/packages/messages.en';
import { platformDashboardMessages } from '../screens/dashboard/platform.messages.en';
import { payrollMessages } from '../screens/payroll/messages.en';
import { pwaMessages } from '../pwa/messages.en';
import { invitationMessages, passwordMessages } from '../auth/messages.en';
import { leaveMessages } from '../screens/leave/messages.en';
import { attendanceMessages } from '../screens/attendance/messages.en';
import { shiftRosterMessages } from '../screens/shift-roster/messages.en';
import { schemaMessages } from '../schema/messages.en';
import { permissionSubjectsMessages, selfServiceMessages } from '../screens/permissions/messages.en';
import { resourceMessages } from '../resources/messages.en';

/** The app's English texts (spec texts word for word). react-admin's own `ra.*` texts come from ra-language-english. */
export const messages = {
  employees: employeesMessages,
  departments: departmentsMessages,
  positions: positionsMessages,
  company_dashboard: companyDashboardMessages,
  employee_home: employeeHomeMessages,
  ...settingsMessages,
  // the texts of billing, subscription, kpi_bonus, landing_page and analytics load with their screens (addMessages)
  subscription: { banner: { open: 'Open Subscription' } },
  monitoring: monitoringMessages,
  payroll: payrollMessages,
  companies: companiesMessages,
  packages: packagesMessages,
  platform_dashboard: platformDashboardMessages,
  ...pwaMessages,
  leave: leaveMessages,
  attendance: attendanceMessages,
  shift_roster: shiftRosterMessages,
  ...schemaMessages,
  permission_subjects: permissionSubjectsMessages,
  self_service: selfServiceMessages,
  resources: resourceMessages,
  app: {
    name: 'HR Management',
    tagline: 'Enterprise Resource Planning Platform',
    subtitle: { platform: 'Platform Admin', hr: 'HR Management' },
    not_available: 'This screen is not available yet.',
    retry: 'Retry',
  },
  error: {
    title: 'Unexpected Application Error!',
    reload: 'Reload',
    dashboard: 'Back to Dashboard',
  },
  header: {
    title_pwa: 'Mobile App',
    title_web: 'Web Application',
    settings: 'Settings',
    logout: 'Logout',
  },
  banner: {
    mode_pwa: 'Mobile App Mode - Full Offline Access',
    version: 'v1.0.0',
    mode_web: 'Web Browser Mode - Full Feature Access',
    impersonating: 'Impersonating %{company}',
    impersonating_unknown: 'Impersonating a company',
    exit_impersonation: 'Exit Impersonation',
    stopped: 'Stopped impersonating company',
    stop_failed: 'Failed to stop impersonation',
  },
  menu: {
    dashboard: 'Dashboard',
    companies: 'Companies',
    packages: 'Packages',
    billing: 'Billing',
    landing_page: 'Landing Page',
    analytics: 'Analytics',
    employees: 'Employees',
    departments: 'Departments',
    positions: 'Positions',
    attendance: 'Attendance',
    shift_roster: 'Shift Roster',
    leave: 'Leave Management',
    payroll: 'Payroll',
    operational_monitoring: 'Operational Monitoring',
    kpi_bonus: 'KPI & Bonus',
    settings: 'Settings',
    my_attendance: 'My Attendance',
    my_leave: 'My Leave',
    my_payroll: 'My Payroll',
  },
  access_denied: {
    title: '%{screen} is not available',
    plan: "Your company's plan does not include %{screen}",
    position: 'Your position has no access to %{screen} — ask your administrator',
    account: 'Your account has no access to %{screen} — ask your administrator',
    impersonate: '%{screen} shows a company: open it from Companies with View as admin',
    platform: '%{screen} is for the platform administrator only',
    back: 'Back to Dashboard',
  },
  screens: {
    companies: 'Companies',
    packages: 'Packages',
    billing: 'Billing',
    landing_page: 'Landing Page Manager',
    analytics: 'Analytics',
    permissions: 'Permission Management',
    shift_roster: 'Shift Roster',
    operational_monitoring: 'Operational Monitoring',
    kpi_bonus: 'KPI & Bonus Management',
    employees: 'Employees',
    departments: 'Departments',
    positions: 'Positions',
    settings: 'Settings',
    attendance: 'Attendance',
    leave: 'Leave Management',
    payroll: 'Payroll',
    reports: 'Reports',
    platform_warning: 'Platform Access Restricted',
    pwa_install: 'Install the App',
  },
  login: {
    title: 'Sign In',
    subtitle: 'Welcome back! Please sign in to your account.',
    email: 'Email',
    password: 'Password',
    show_password: 'Show password',
    hide_password: 'Hide password',
    remember_me: 'Remember me',
    forgot_password: 'Forgot password?',
    no_account: "Don't have an account?",
    sign_up: 'Sign up',
    submit: 'Sign In',
    submitting: 'Signing in...',
    email_required: 'Please enter your email address',
    password_required: 'Please enter your password',
    password_too_short: 'Password must be at least 6 characters long',
    new_password_too_short: 'Password must be at least 8 characters',
    success: 'Login successful! Redirecting...',
    failed: 'Invalid email or password. Please try again.',
    unexpected: 'An unexpected error occurred. Please try again.',
  },
  register: {
    title: 'Create Account',
    subtitle: 'Sign up to get started',
    username: 'Username',
    email: 'Email',
    password: 'Password',
    confirm_password: 'Confirm Password',
    submit: 'Create Account',
    submitting: 'Creating account...',
    have_account: 'Already have an account?',
    sign_in: 'Sign In',
    username_required: 'Please enter a username',
    passwords_mismatch: 'Passwords do not match',
    success: 'Registration successful! Please login.',
    failed: 'Registration failed',
  },
  ...passwordMessages,
  ...invitationMessages,
  dashboard: {
    platform_title: 'Platform Dashboard',
    platform_welcome: 'Welcome back, %{name}! Manage the companies and packages of the platform.',
    title: 'Dashboard',
    welcome: 'Welcome back, %{name}! You are working in %{company}.',
    welcome_no_company: 'Welcome back, %{name}!',
    quick_actions: 'Quick Actions',
    manage_companies: 'Manage Companies',
    manage_packages: 'Manage Packages',
  },
};
