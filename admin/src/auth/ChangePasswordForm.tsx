import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { apiAnswer, client } from '../providers/apiClient';
import { errorMessage, fieldErrors } from '../providers/httpClient';
import { storeSession } from '../providers/authProvider';
import { actionSchema } from '../schema/schema';
import { useRuleCheck } from '../schema/useRuleCheck';

const FIELDS = ['current_password', 'new_password', 'confirm_password'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Change the own password. The server ends every other session and answers a new one for this
 * browser, which is stored so the user stays signed in here.
 */
export function ChangePasswordForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const rules = useRuleCheck(actionSchema('POST auth/change-password'));

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // the passwords' rules are the server's, checked in its words; the confirmation is never sent
    const found: Partial<Record<Field, string>> = rules.checkAll({ current_password: values.current_password, new_password: values.new_password });
    if (values.confirm_password !== values.new_password) found.confirm_password = translate('register.passwords_mismatch');
    setErrors(found);
    setFailure(null);
    if (Object.values(found).some(Boolean)) return;

    setSubmitting(true);
    try {
      const { data, message } = await apiAnswer(
        client.POST('/api/auth/change-password', {
          body: { current_password: values.current_password, new_password: values.new_password },
        }),
      );
      storeSession(data.access_token, data.user);
      setValues(EMPTY);
      notify(message ?? translate('change_password.success'), { type: 'success' });
    } catch (e) {
      const serverErrors: Partial<Record<Field, string>> = {};
      for (const { field, message } of fieldErrors(e)) {
        if ((FIELDS as readonly string[]).includes(field)) serverErrors[field as Field] = message;
      }
      setErrors(serverErrors);
      setFailure(errorMessage(e, translate('change_password.failed')));
    } finally {
      setSubmitting(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      label={translate(label)}
      type="password"
      name={name}
      autoComplete={autoComplete}
      fullWidth
      value={values[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setErrors((v) => ({ ...v, [name]: undefined }));
      }}
      error={!!errors[name]}
      helperText={errors[name]}
      disabled={submitting}
    />
  );

  return (
    <Box component="form" noValidate onSubmit={handleSubmit} aria-labelledby="change-password-title" sx={{ maxWidth: 480 }}>
      <Typography id="change-password-title" variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {translate('change_password.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate('change_password.subtitle')}
      </Typography>
      {failure && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {failure}
        </Alert>
      )}
      <Stack spacing={2}>
        {field('current_password', 'change_password.current', 'current-password')}
        {field('new_password', 'change_password.new', 'new-password')}
        {field('confirm_password', 'change_password.confirm', 'new-password')}
      </Stack>
      <Button
        type="submit"
        variant="contained"
        disabled={submitting}
        sx={{ mt: 2 }}
        startIcon={submitting ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        {translate('change_password.submit')}
      </Button>
    </Box>
  );
}
