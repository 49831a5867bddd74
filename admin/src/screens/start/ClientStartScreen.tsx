import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Alert, Autocomplete, Box, Button, Card, CardContent, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import { useNotify, useTranslate } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useNavigate } from 'react-router-dom';
import type { components } from '../../../../openapi/schema';
import { useSession } from '../../auth/useSession';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { beginSession } from '../../providers/authProvider';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { actionSchema } from '../../schema/schema';

type StartTrial = components['schemas']['StartTrialDto'];
type PublicPackage = components['schemas']['PublicPackageDto'];

/** The industries the API takes, from the document's start-trial body (declared once, on the server). */
const INDUSTRIES = (actionSchema('POST auth/start-trial').properties.company_industry?.enum ?? []).map(String) as NonNullable<StartTrial['company_industry']>[];

/** This device's IANA time zone, the trial's default. */
const deviceZone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
};

/** Every IANA time zone the browser knows (the device's at least). */
const allZones = (): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  const device = deviceZone();
  return zones.includes(device) ? zones : [device, ...zones];
};

const price = (pkg: PublicPackage) => {
  const n = Number(pkg.monthly_price);
  return Number.isFinite(n) ? `$${Number.isInteger(n) ? n : n.toFixed(2)}` : pkg.monthly_price;
};

type Errors = Partial<Record<keyof StartTrial, string>>;

/**
 * The free trial for a signed-in client account: the company's name, industry, plan and time
 * zone (and the admin's name, filled in from the account). POST /api/auth/start-trial makes this
 * account the new company's admin; the console then continues signed in as that admin.
 */
function StartTrialForm({ onCancel }: { onCancel: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { user } = useSession();
  const zones = useMemo(allZones, []);
  const [packages, setPackages] = useState<PublicPackage[] | null>(null);
  const [form, setForm] = useState({
    company_name: '',
    company_industry: '' as StartTrial['company_industry'] | '',
    package_id: '',
    time_zone: deviceZone(),
    first_name: user?.first_name ?? '',
    last_name: user?.last_name ?? '',
  });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  useEffect(() => {
    let live = true;
    apiData(client.GET('/api/packages/packages/public'))
      .then((list) => {
        if (!live) return;
        const all = Array.isArray(list) ? list : [];
        setPackages(all);
        // the package the landing site's pricing chose, else the first public one (platform.md: preselected)
        const wanted = new URLSearchParams(window.location.search).get('package');
        const chosen = all.find((p) => String(p.id) === wanted) ?? all[0];
        if (chosen) setForm((f) => ({ ...f, package_id: f.package_id || String(chosen.id) }));
      })
      .catch(() => live && setPackages([]));
    return () => {
      live = false;
    };
  }, []);

  const set = (name: keyof typeof form, value: string) => {
    setForm((f) => ({ ...f, [name]: value }));
    setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    if (!form.company_name.trim()) {
      setErrors({ company_name: translate('start.company_name_required') });
      return;
    }
    const body: StartTrial = { company_name: form.company_name.trim(), time_zone: form.time_zone };
    if (form.company_industry) body.company_industry = form.company_industry;
    if (form.package_id) body.package_id = Number(form.package_id);
    if (form.first_name.trim()) body.first_name = form.first_name.trim();
    if (form.last_name.trim()) body.last_name = form.last_name.trim();
    setSubmitting(true);
    try {
      const { data, message } = await apiAnswer(client.POST('/api/auth/start-trial', { body }));
      await beginSession(data.access_token, data.user);
      queryClient.clear();
      notify(message ?? translate('start.started'), { type: 'success' });
      navigate('/dashboard', { replace: true });
    } catch (e) {
      const found: Errors = {};
      for (const { field, message } of fieldErrors(e)) if (field && !found[field as keyof StartTrial]) found[field as keyof StartTrial] = message;
      setErrors(found);
      setFailure(errorMessage(e, translate('start.failed')));
      setSubmitting(false);
    }
  };

  const plan = packages?.find((p) => String(p.id) === form.package_id);

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={translate('start.trial_title')}>
      <Typography variant="h6" component="h2">
        {translate('start.trial_form_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2, overflowWrap: 'anywhere' }}>
        {translate('start.trial_form_text', { email: user?.email ?? '' })}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2}>
        <TextField
          label={translate('start.company_name')}
          name="company_name"
          required
          autoFocus
          fullWidth
          autoComplete="organization"
          value={form.company_name}
          onChange={(e) => set('company_name', e.target.value)}
          error={!!errors.company_name}
          helperText={errors.company_name}
          disabled={submitting}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={translate('start.first_name')}
            name="first_name"
            fullWidth
            autoComplete="given-name"
            value={form.first_name}
            onChange={(e) => set('first_name', e.target.value)}
            error={!!errors.first_name}
            helperText={errors.first_name}
            disabled={submitting}
          />
          <TextField
            label={translate('start.last_name')}
            name="last_name"
            fullWidth
            autoComplete="family-name"
            value={form.last_name}
            onChange={(e) => set('last_name', e.target.value)}
            error={!!errors.last_name}
            helperText={errors.last_name}
            disabled={submitting}
          />
        </Stack>
        <TextField
          select
          label={translate('start.industry')}
          name="company_industry"
          fullWidth
          value={form.company_industry}
          onChange={(e) => set('company_industry', e.target.value)}
          error={!!errors.company_industry}
          helperText={errors.company_industry}
          disabled={submitting}
        >
          <MenuItem value="">{translate('start.industry_none')}</MenuItem>
          {INDUSTRIES.map((industry) => (
            <MenuItem key={industry} value={industry}>
              {industry}
            </MenuItem>
          ))}
        </TextField>
        {packages === null ? (
          <CircularProgress size={20} aria-label={translate('start.plan')} />
        ) : (
          packages.length > 0 && (
            <TextField
              select
              label={translate('start.plan')}
              name="package_id"
              fullWidth
              value={form.package_id}
              onChange={(e) => set('package_id', e.target.value)}
              error={!!errors.package_id}
              helperText={errors.package_id}
              disabled={submitting}
            >
              {packages.map((p) => (
                <MenuItem key={p.id} value={String(p.id)}>
                  {translate(p.trial_days > 0 ? 'start.plan_trial' : 'start.plan_no_trial', {
                    name: p.package_name,
                    days: p.trial_days,
                    price: price(p),
                  })}
                </MenuItem>
              ))}
            </TextField>
          )
        )}
        <Autocomplete
          options={zones}
          value={form.time_zone}
          disableClearable
          onChange={(_, value) => set('time_zone', value ?? deviceZone())}
          disabled={submitting}
          renderInput={(params) => (
            <TextField
              {...params}
              label={translate('start.time_zone')}
              name="time_zone"
              required
              error={!!errors.time_zone}
              helperText={errors.time_zone ?? translate('start.time_zone_help')}
            />
          )}
        />
        {plan && (
          <Typography variant="body2" color="text.secondary">
            {translate(plan.trial_days > 0 ? 'start.plan_trial' : 'start.plan_no_trial', {
              name: plan.package_name,
              days: plan.trial_days,
              price: price(plan),
            })}
          </Typography>
        )}
        <Stack direction={{ xs: 'column-reverse', sm: 'row' }} spacing={1.5} justifyContent="flex-end">
          <Button onClick={onCancel} disabled={submitting}>
            {translate('start.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            startIcon={submitting ? <CircularProgress size={16} color="inherit" /> : <RocketLaunchIcon />}
          >
            {translate(submitting ? 'start.submitting' : 'start.submit')}
          </Button>
        </Stack>
      </Stack>
    </Box>
  );
}

/**
 * /start: where a self-registered client (role client, no company) lands. Until a company
 * invites them there is nothing of a company to show, so it says how to get one: an invitation
 * to their e-mail (accepting it attaches this account to the company as an employee), or a free
 * trial of their own company, started here with this account (it becomes the company's admin).
 * Anyone else goes to the dashboard; nobody signed in to the sign-in page.
 */
export default function ClientStartScreen() {
  const translate = useTranslate();
  const { user } = useSession();
  // the landing site's trial page sends a signed-in client here with ?trial (and the chosen ?package)
  const [trialOpen, setTrialOpen] = useState(() => new URLSearchParams(window.location.search).has('trial'));
  if (!user) return <Navigate to="/login" replace />;
  if (user.role !== 'client' || user.company_id) return <Navigate to="/dashboard" replace />;
  const name = user.first_name || user.username;

  return (
    <Box sx={{ maxWidth: 880, mx: 'auto', py: { xs: 2, sm: 4 } }}>
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }}>
        {translate('start.title', { name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {translate('start.subtitle')}
      </Typography>
      {trialOpen ? (
        <Card variant="outlined">
          <CardContent>
            <StartTrialForm onCancel={() => setTrialOpen(false)} />
          </CardContent>
        </Card>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2}>
          <Card variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <MailOutlineIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
              <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                {translate('start.invitation_title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
                {translate('start.invitation_text', { email: user.email })}
              </Typography>
            </CardContent>
          </Card>
          <Card variant="outlined" sx={{ flex: 1 }}>
            <CardContent>
              <RocketLaunchIcon color="primary" sx={{ fontSize: 36 }} aria-hidden />
              <Typography variant="h6" component="h2" sx={{ mt: 1 }}>
                {translate('start.trial_title')}
              </Typography>
              <Typography color="text.secondary" sx={{ mt: 1, mb: 2 }}>
                {translate('start.trial_text')}
              </Typography>
              <Button variant="contained" onClick={() => setTrialOpen(true)}>
                {translate('start.trial_button')}
              </Button>
            </CardContent>
          </Card>
        </Stack>
      )}
    </Box>
  );
}
