// The free-trial sign-up: its rules and the registration call (platform.md 2.6, 3, 5, 9).
import type { PublicPackage } from '../content';

/** Trial length shown when no package is selected, or the package has no trial days of its own. */
export const DEFAULT_TRIAL_DAYS = 30;
/** Desktop layout from this viewport width on a non-mobile device. */
export const DESKTOP_MIN_WIDTH = 1024;
export const MIN_PASSWORD_LENGTH = 8;

export const INDUSTRIES = [
  'Technology',
  'Healthcare',
  'Finance',
  'Manufacturing',
  'Retail',
  'Education',
  'Construction',
  'Consulting',
  'Real Estate',
  'Hospitality',
  'Transportation',
  'Other',
] as const;

export const BENEFITS = [
  { title: 'No credit card required', text: 'Sign up with your email. Nothing to pay during the trial.' },
  { title: 'Full access', text: 'Every feature of your plan, for your whole team, from day one.' },
  { title: 'Cancel anytime', text: 'No commitment: keep the plan that fits, or stop whenever you like.' },
] as const;

export interface TrialForm {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  password: string;
  confirmPassword: string;
  company_name: string;
  company_industry: string;
  /** the company's IANA time zone; this device's by default */
  time_zone: string;
}

export type TrialField = keyof TrialForm;
export type TrialErrors = Partial<Record<TrialField, string>>;

export const EMPTY_FORM: TrialForm = {
  first_name: '',
  last_name: '',
  username: '',
  email: '',
  password: '',
  confirmPassword: '',
  company_name: '',
  company_industry: '',
  time_zone: '',
};

/** This device's IANA time zone (the trial's default), UTC when the browser does not say. */
export function deviceTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The IANA time zones the browser knows, the device's included. */
export function timeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  let zones: string[] = [];
  try {
    zones = intl.supportedValuesOf?.('timeZone') ?? [];
  } catch {
    zones = [];
  }
  const device = deviceTimeZone();
  return zones.includes(device) ? zones : [device, ...zones];
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The spec's validation; the mobile layout also requires first and last name. */
export function validate(form: TrialForm, mobile: boolean): TrialErrors {
  const errors: TrialErrors = {};
  if (mobile && !form.first_name.trim()) errors.first_name = 'First name is required';
  if (mobile && !form.last_name.trim()) errors.last_name = 'Last name is required';
  if (!form.username.trim()) errors.username = 'Username is required';
  if (!form.email.trim()) errors.email = 'Email is required';
  else if (!EMAIL.test(form.email.trim())) errors.email = 'Please enter a valid email address';
  if (!form.password) errors.password = 'Password is required';
  else if (form.password.length < MIN_PASSWORD_LENGTH) errors.password = 'Password must be at least 8 characters';
  if (form.confirmPassword !== form.password) errors.confirmPassword = 'Passwords do not match';
  if (!form.company_name.trim()) errors.company_name = 'Company name is required';
  if (!form.time_zone) errors.time_zone = 'Time zone is required';
  return errors;
}

/** The package's trial days (a package without any gives none); 30 only when no package is chosen. */
export const trialDays = (pkg: PublicPackage | undefined): number =>
  pkg ? Math.max(0, Number(pkg.trial_days ?? 0)) : DEFAULT_TRIAL_DAYS;

/** 'Unlimited employees' when the package has no maximum (empty or -1). */
export const employeeLimit = (max: number | null | undefined): string =>
  max == null || max === -1 ? 'Unlimited employees' : `Up to ${max} employees`;

/** "$29" or "$29.50" per month. */
export function monthlyPrice(pkg: PublicPackage): string {
  const n = Number(pkg.monthly_price);
  if (!Number.isFinite(n)) return '';
  return `$${Number.isInteger(n) ? n.toLocaleString('en-US') : n.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** Mobile device (user agent hints where available); the width alone does not make a desktop. */
export function isMobileDevice(): boolean {
  const nav = navigator as Navigator & { userAgentData?: { mobile?: boolean } };
  if (typeof nav.userAgentData?.mobile === 'boolean') return nav.userAgentData.mobile;
  return /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobi/i.test(nav.userAgent);
}

export interface RegisterResult {
  ok: boolean;
  message?: string;
  errors: Array<{ field: string; message: string }>;
}

/** POST /api/auth/register with create_company; confirmPassword is never sent. */
export async function registerTrial(form: TrialForm, packageId: PublicPackage['id'] | undefined): Promise<RegisterResult> {
  const body: Record<string, unknown> = {
    username: form.username.trim(),
    email: form.email.trim(),
    password: form.password,
    role: 'company_admin',
    company_name: form.company_name.trim(),
    create_company: true,
  };
  if (form.first_name.trim()) body.first_name = form.first_name.trim();
  if (form.last_name.trim()) body.last_name = form.last_name.trim();
  if (form.company_industry) body.company_industry = form.company_industry;
  if (form.time_zone) body.time_zone = form.time_zone;
  if (packageId !== undefined) body.package_id = Number(packageId);
  try {
    const res = await fetch('/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
    });
    const json = (await res.json().catch(() => null)) as { success?: boolean; message?: string; errors?: RegisterResult['errors'] } | null;
    if (res.ok && json?.success !== false) return { ok: true, message: json?.message, errors: [] };
    return { ok: false, message: json?.message, errors: Array.isArray(json?.errors) ? json.errors : [] };
  } catch {
    return { ok: false, errors: [] };
  }
}

/** The account the console is signed in with in this browser (its stored user, spec 4), when it is a client without a company. */
export interface SignedInClient {
  email: string;
  name: string;
}

export function signedInClient(): SignedInClient | null {
  try {
    if (!localStorage.getItem('token')) return null;
    const user = JSON.parse(localStorage.getItem('user') ?? 'null') as {
      role?: string;
      company_id?: number | null;
      email?: string;
      first_name?: string | null;
      username?: string;
    } | null;
    if (!user || user.role !== 'client' || user.company_id || !user.email) return null;
    return { email: user.email, name: user.first_name || user.username || user.email };
  } catch {
    return null;
  }
}

/** The console's /start, where a signed-in client starts the trial with its own account (the chosen plan kept). */
export const startWithAccountUrl = (packageId: string | undefined) =>
  `/start?trial=1${packageId ? `&package=${encodeURIComponent(packageId)}` : ''}`;

/**
 * After the trial's registration: sign in with the address and password just typed (POST
 * /api/auth/login sets the session's cookie). It works when the trial created the account; when
 * the address already had one it fails as any wrong password does, which tells nothing new.
 * Answers the signed-in user, or null.
 */
export async function signInAfterTrial(email: string, password: string): Promise<{ role: string; company_name: string | null } | null> {
  try {
    const res = await fetch('/api/auth/login', {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ email: email.trim(), password }),
    });
    if (!res.ok) return null;
    const json = (await res.json().catch(() => null)) as { data?: { user?: { role: string; company_name: string | null } } } | null;
    return json?.data?.user ?? null;
  } catch {
    return null;
  }
}

/** The console's sign-in continuing the trial's session (or, without one, with the address filled in). */
export const consoleAfterTrialUrl = (email: string, signedIn: boolean) =>
  signedIn ? `/login?resume=1&from=trial&email=${encodeURIComponent(email.trim())}` : `/login?from=trial&email=${encodeURIComponent(email.trim())}`;

/** A plan's trial in words: "14-day free trial", or that a plan with none starts paid. */
export const trialWords = (days: number): string =>
  days > 0 ? `${days}-day free trial` : 'No free trial: starts on the paid plan with its first invoice';
