import '../screen.messages.en';
import { useEffect, useState, type FormEvent } from 'react';
import { Box, Button, CircularProgress, Grid, Skeleton, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useQuery } from '@tanstack/react-query';
import { HttpError, useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../../openapi/schema';
import { LoadError } from '../../../layout/LoadError';
import { apiAnswer, apiData, client } from '../../../providers/apiClient';
import { errorMessage, fieldErrors } from '../../../providers/httpClient';

type Profile = components['schemas']['OwnProfileDto'];
type Update = components['schemas']['UpdateOwnProfileDto'];
type Field = keyof Update;

/** The fields of PUT /api/auth/me/profile with the server's length limits, in two groups. */
const CONTACT: ReadonlyArray<{ field: Field; max: number; wide?: boolean; multiline?: boolean }> = [
  { field: 'phone', max: 50 },
  { field: 'address', max: 2000, wide: true, multiline: true },
  { field: 'city', max: 100 },
  { field: 'state', max: 100 },
  { field: 'country', max: 100 },
  { field: 'postal_code', max: 20 },
];
const EMERGENCY: ReadonlyArray<{ field: Field; max: number }> = [
  { field: 'emergency_contact_name', max: 200 },
  { field: 'emergency_contact_phone', max: 50 },
  { field: 'emergency_contact_relationship', max: 100 },
];
const FIELDS = [...CONTACT, ...EMERGENCY].map((f) => f.field);

const valuesOf = (profile: Profile): Record<Field, string> =>
  Object.fromEntries(FIELDS.map((field) => [field, profile[field] ?? ''])) as Record<Field, string>;

/**
 * The own contact details and emergency contact (GET/PUT /api/auth/me/profile). Shown only to a
 * user with an employee record (the server answers 404 otherwise); position, department and pay
 * are not here: a company admin changes them.
 */
export function OwnContactForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const query = useQuery({ queryKey: ['auth', 'me', 'profile'], queryFn: () => apiData(client.GET('/api/auth/me/profile')), retry: false });
  const [values, setValues] = useState<Record<Field, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saving, setSaving] = useState(false);
  const t = (key: string) => translate(`settings.profile.${key}`);

  useEffect(() => {
    if (query.data) setValues(valuesOf(query.data));
  }, [query.data]);

  if (query.error instanceof HttpError && query.error.status === 404) return null;
  if (query.error) return <LoadError onRetry={() => query.refetch()}>{translate('settings.fetch_failed')}</LoadError>;
  if (!values || !query.data) return <Skeleton variant="rounded" height={180} />;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const body = Object.fromEntries(FIELDS.map((field) => [field, values[field].trim() || null])) as Update;
      const answer = await apiAnswer(client.PUT('/api/auth/me/profile', { body }));
      setValues(valuesOf(answer.data));
      void query.refetch();
      notify(answer.message ?? t('saved'), { type: 'success' });
    } catch (e) {
      setErrors(Object.fromEntries(fieldErrors(e).map((f) => [f.field, f.message])));
      notify(errorMessage(e, translate('settings.save_failed')), { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const input = ({ field, max, wide, multiline }: { field: Field; max: number; wide?: boolean; multiline?: boolean }) => (
    <Grid key={field} size={{ xs: 12, sm: wide ? 12 : 6 }}>
      <TextField
        name={field}
        label={t(`fields.${field}`)}
        value={values[field]}
        onChange={(e) => setValues({ ...values, [field]: e.target.value })}
        error={!!errors[field]}
        helperText={errors[field]}
        fullWidth
        multiline={multiline}
        minRows={multiline ? 2 : undefined}
        disabled={saving}
        slotProps={{ htmlInput: { maxLength: max } }}
      />
    </Grid>
  );

  const profile = query.data;
  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t('contact_title')} data-testid="own-contact-form">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('contact_title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {[`${profile.first_name} ${profile.last_name}`, profile.position_title, profile.department_name].filter(Boolean).join(' · ')}
        {' — '}
        {t('contact_hint')}
      </Typography>
      <Grid container spacing={2}>
        {CONTACT.map(input)}
      </Grid>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 3, mb: 2 }}>
        {t('emergency_title')}
      </Typography>
      <Grid container spacing={2}>
        {EMERGENCY.map((f) => input({ ...f, wide: f.field === 'emergency_contact_name' }))}
      </Grid>
      <Button
        type="submit"
        variant="contained"
        sx={{ mt: 2 }}
        disabled={saving}
        startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
      >
        {t('save')}
      </Button>
    </Box>
  );
}
