import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_CONTENT, fetchPublicPackages, type PublicPackage } from '../content';
import { Footer, Header } from '../layout';
import {
  BENEFITS,
  DESKTOP_MIN_WIDTH,
  EMPTY_FORM,
  INDUSTRIES,
  consoleAfterTrialUrl,
  deviceTimeZone,
  employeeLimit,
  isMobileDevice,
  monthlyPrice,
  registerTrial,
  signInAfterTrial,
  signedInClient,
  startWithAccountUrl,
  timeZones,
  trialDays,
  trialWords,
  validate,
  type TrialErrors,
  type TrialField,
  type TrialForm,
} from './trial';
import './trial.css';

const REDIRECT_AFTER_MS = 2500;

/** Desktop layout at a viewport of at least 1024 px on a non-mobile device (spec 2.6). */
function useDesktopLayout(): boolean {
  const compute = () => window.innerWidth >= DESKTOP_MIN_WIDTH && !isMobileDevice();
  const [desktop, setDesktop] = useState(compute);
  useEffect(() => {
    const onResize = () => setDesktop(compute());
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return desktop;
}

interface FieldProps {
  name: TrialField;
  label: string;
  value: string;
  error?: string;
  required?: boolean;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  disabled: boolean;
  onChange: (name: TrialField, value: string) => void;
}

function Field({ name, label, value, error, required, type = 'text', autoComplete, disabled, onChange }: FieldProps) {
  const id = `trial-${name}`;
  return (
    <div className="trial-field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={id}
        name={name}
        // Preact's input typings narrow attributes by type; any of these three is a text-like input
        type={type as 'text'}
        value={value}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-required={required}
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => onChange(name, e.currentTarget.value)}
      />
      {error && (
        <p className="trial-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function PlanPicker({
  packages,
  selectedId,
  onSelect,
  disabled,
  compact,
}: {
  packages: PublicPackage[] | null;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  disabled: boolean;
  compact: boolean;
}) {
  if (!packages) return <div className="trial-plans-loading" aria-busy="true" />;
  if (!packages.length) {
    return <p className="muted">Plans could not be loaded. Your trial starts on our default plan.</p>;
  }
  return (
    <div className={`trial-plans${compact ? ' compact' : ''}`} role="radiogroup" aria-label="Choose your plan">
      {packages.map((pkg) => {
        const id = String(pkg.id);
        const checked = id === selectedId;
        return (
          <label key={id} className={`trial-plan${checked ? ' selected' : ''}${pkg.is_popular ? ' popular' : ''}`}>
            <input type="radio" name="package" value={id} checked={checked} disabled={disabled} onChange={() => onSelect(id)} />
            <span className="trial-plan-body">
              <span className="trial-plan-head">
                <strong>{pkg.package_name}</strong>
                {pkg.is_popular && <span className="trial-popular">Most Popular</span>}
              </span>
              <span className="trial-plan-price">
                {monthlyPrice(pkg)}
                <small>/month</small>
              </span>
              {!compact && pkg.description && <span className="trial-plan-desc">{pkg.description}</span>}
              <span className="trial-plan-meta">
                {trialWords(trialDays(pkg))} · {employeeLimit(pkg.max_employees)}
              </span>
            </span>
          </label>
        );
      })}
    </div>
  );
}

function Benefits() {
  return (
    <ul className="trial-benefits" aria-label="Trial benefits">
      {BENEFITS.map((b) => (
        <li key={b.title}>
          <span className="trial-check" aria-hidden="true">
            ✓
          </span>
          <span>
            <strong>{b.title}</strong>
            <br />
            <span className="muted">{b.text}</span>
          </span>
        </li>
      ))}
    </ul>
  );
}

/** /free-trial: choose a plan, tell us who you are and your company, and the trial starts. */
export default function FreeTrialPage() {
  const desktop = useDesktopLayout();
  const [packages, setPackages] = useState<PublicPackage[] | null>(null);
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [form, setForm] = useState<TrialForm>(() => ({ ...EMPTY_FORM, time_zone: deviceTimeZone() }));
  const zones = useMemo(timeZones, []);
  // a client account signed in to the console in this browser starts the trial with itself
  const account = useMemo(signedInClient, []);
  const [otherAddress, setOtherAddress] = useState(false);
  /** after a registration that did not sign in: what to do, and the sign-in it leads to */
  const [notice, setNotice] = useState<{ text: string; href: string } | null>(null);
  const [errors, setErrors] = useState<TrialErrors>({});
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [welcome, setWelcome] = useState<string | null>(null);
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const alertRef = useRef<HTMLParagraphElement>(null);

  // the answer appears at the top of the form, above where the user pressed the button: bring it
  // into view (and focus it, so screen readers read it) where the user looks
  useEffect(() => {
    const alert = alertRef.current;
    if (!alert) return;
    alert.scrollIntoView({ block: 'center', behavior: 'smooth' });
    alert.focus({ preventScroll: true });
  }, [welcome, failure, notice]);

  useEffect(() => {
    document.title = 'Start your free trial - HR Platform';
    const controller = new AbortController();
    fetchPublicPackages(controller.signal).then((list) => {
      if (controller.signal.aborted) return;
      setPackages(list);
      // the plan chosen on the pricing section, else the first one
      const wanted = new URLSearchParams(window.location.search).get('package');
      const preselected = list.find((p) => String(p.id) === wanted) ?? list[0];
      setSelectedId(preselected ? String(preselected.id) : undefined);
    });
    return () => {
      controller.abort();
      clearTimeout(redirect.current);
    };
  }, []);

  const selected = packages?.find((p) => String(p.id) === selectedId);
  const days = trialDays(selected);
  const busy = submitting || !!welcome || !!notice;

  const change = (name: TrialField, value: string) => {
    setForm((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setFailure(null);
    const found = validate(form, !desktop);
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      const first = Object.keys(found)[0];
      document.getElementById(`trial-${first}`)?.focus();
      return;
    }
    setSubmitting(true);
    const result = await registerTrial(form, selected?.id);
    if (result.ok) {
      // the answer is the same whether or not the address was new: signing in with the password
      // just chosen tells (only what a sign-in tells anyone) whether this trial created the account
      const user = await signInAfterTrial(form.email, form.password);
      setSubmitting(false);
      if (user?.role === 'company_admin' && user.company_name === form.company_name.trim()) {
        const name = form.first_name.trim() || form.username.trim();
        const plan = selected ? ` of the ${selected.package_name} plan` : '';
        setWelcome(
          days > 0
            ? `Welcome aboard, ${name}! Your ${days}-day free trial${plan} has started. Opening your company's console...`
            : `Welcome aboard, ${name}! Your company is ready. Opening your company's console...`,
        );
        redirect.current = setTimeout(() => window.location.assign(consoleAfterTrialUrl(form.email, true)), REDIRECT_AFTER_MS);
        return;
      }
      if (user) {
        // the password opened an account the address already had: continue with it
        window.location.assign(consoleAfterTrialUrl(form.email, true));
        return;
      }
      setNotice({
        text:
          result.message ||
          'If this e-mail address is new, sign in with the password you chose. If it already has an account, nothing new was created: we have e-mailed you how to go on.',
        href: consoleAfterTrialUrl(form.email, false),
      });
      return;
    }
    setSubmitting(false);
    const fieldErrors: TrialErrors = {};
    for (const { field, message } of result.errors) {
      if (field in EMPTY_FORM && !fieldErrors[field as TrialField]) fieldErrors[field as TrialField] = message;
      if (field === 'company_code' && !fieldErrors.company_name) fieldErrors.company_name = message;
    }
    setErrors(fieldErrors);
    setFailure(result.message || 'Registration failed');
  };

  const accountPanel = account && (
    <div className="trial-account" role="region" aria-label="Start the trial with your account">
      <p>
        You are signed in as <strong>{account.email}</strong>. Start the trial with this account: you become the new company's
        admin and keep signing in with this address and your password. No second account, no new password.
      </p>
      <a className="btn btn-primary btn-lg trial-submit" href={startWithAccountUrl(selectedId)}>
        Start the trial as {account.name}
      </a>
      <p className="muted trial-signin">
        <button type="button" className="link-button" onClick={() => setOtherAddress(true)}>
          Use a different e-mail address instead
        </button>
      </p>
    </div>
  );
  const card = account && !otherAddress ? accountPanel : null;

  const field = (name: TrialField, label: string, opts: Partial<FieldProps> = {}) => (
    <Field name={name} label={label} value={form[name]} error={errors[name]} disabled={busy} onChange={change} {...opts} />
  );

  const formBody = (
    <form className="trial-form" noValidate onSubmit={submit} aria-label="Free trial sign-up">
      {failure && (
        <p className="trial-alert error" role="alert" ref={alertRef} tabIndex={-1}>
          {failure}
        </p>
      )}
      {welcome && (
        <p className="trial-alert success" role="status" ref={alertRef} tabIndex={-1}>
          {welcome}
        </p>
      )}
      {notice && (
        <p className="trial-alert info" role="status" ref={alertRef} tabIndex={-1}>
          {notice.text}{' '}
          <a className="btn btn-primary trial-alert-action" href={notice.href}>
            Sign in
          </a>
        </p>
      )}
      <fieldset>
        <legend>Personal information</legend>
        <div className="trial-row">
          {field('first_name', 'First name', { required: !desktop, autoComplete: 'given-name' })}
          {field('last_name', 'Last name', { required: !desktop, autoComplete: 'family-name' })}
        </div>
        {field('username', 'Username', { required: true, autoComplete: 'username' })}
        {field('email', 'Email', { required: true, type: 'email', autoComplete: 'email' })}
        <div className="trial-row">
          {field('password', 'Password', { required: true, type: 'password', autoComplete: 'new-password' })}
          {field('confirmPassword', 'Confirm password', { required: true, type: 'password', autoComplete: 'new-password' })}
        </div>
      </fieldset>
      <fieldset>
        <legend>Company information</legend>
        {field('company_name', 'Company name', { required: true, autoComplete: 'organization' })}
        <div className="trial-field">
          <label htmlFor="trial-company_industry">Industry</label>
          <select
            id="trial-company_industry"
            name="company_industry"
            value={form.company_industry}
            disabled={busy}
            onChange={(e) => change('company_industry', e.currentTarget.value)}
          >
            <option value="">Select your industry</option>
            {INDUSTRIES.map((industry) => (
              <option key={industry} value={industry}>
                {industry}
              </option>
            ))}
          </select>
        </div>
        <div className="trial-field">
          <label htmlFor="trial-time_zone">
            Time zone<span aria-hidden="true"> *</span>
          </label>
          <select
            id="trial-time_zone"
            name="time_zone"
            value={form.time_zone}
            disabled={busy}
            aria-required
            aria-invalid={!!errors.time_zone}
            aria-describedby={errors.time_zone ? 'trial-time_zone-error' : 'trial-time_zone-help'}
            onChange={(e) => change('time_zone', e.currentTarget.value)}
          >
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
          {errors.time_zone ? (
            <p className="trial-error" id="trial-time_zone-error">
              {errors.time_zone}
            </p>
          ) : (
            <p className="muted trial-help" id="trial-time_zone-help">
              Your company's working day, dates and times follow it. We took it from this device.
            </p>
          )}
        </div>
      </fieldset>
      <p className="trial-summary" aria-live="polite">
        {selected ? (
          <>
            <strong>{selected.package_name}</strong>:{' '}
            {days > 0 ? `${days}-day free trial, then ${monthlyPrice(selected)}/month.` : `no free trial: ${monthlyPrice(selected)}/month from today, with its first invoice.`}{' '}
            {employeeLimit(selected.max_employees)}.
          </>
        ) : (
          <>{days}-day free trial.</>
        )}
      </p>
      <button type="submit" className="btn btn-primary btn-lg trial-submit" disabled={busy}>
        {submitting ? 'Starting your trial...' : 'Start Free Trial'}
      </button>
      <p className="muted trial-signin">
        Already have an account? <a href="/login">Sign in</a>
      </p>
    </form>
  );

  return (
    <>
      <Header companyName={DEFAULT_CONTENT.footer_company_name} />
      <main id="main" className={`trial ${desktop ? 'trial-desktop' : 'trial-mobile'}`} data-layout={desktop ? 'desktop' : 'mobile'}>
        <div className="container">
          <header className="trial-intro">
            <h1>Start your free trial</h1>
            <p className="lead">
              Try the whole HR platform free for {days} days. No credit card required.
            </p>
          </header>
          {desktop ? (
            <div className="trial-columns">
              <aside className="trial-side">
                <h2>Choose your plan</h2>
                <PlanPicker packages={packages} selectedId={selectedId} onSelect={setSelectedId} disabled={busy} compact={false} />
                <h2>Why start a trial</h2>
                <Benefits />
              </aside>
              <section className="card trial-card" aria-labelledby="trial-form-title">
                <h2 id="trial-form-title">{card ? 'Your company, your account' : 'Create your account'}</h2>
                {card ?? formBody}
              </section>
            </div>
          ) : (
            <div className="trial-stack">
              <section aria-labelledby="trial-plans-title">
                <h2 id="trial-plans-title">Choose your plan</h2>
                <PlanPicker packages={packages} selectedId={selectedId} onSelect={setSelectedId} disabled={busy} compact />
              </section>
              <Benefits />
              <section className="card trial-card" aria-labelledby="trial-form-title">
                <h2 id="trial-form-title">{card ? 'Your company, your account' : 'Create your account'}</h2>
                {card ?? formBody}
              </section>
            </div>
          )}
        </div>
      </main>
      <Footer content={DEFAULT_CONTENT} />
    </>
  );
}
