import { useEffect } from 'react';
import { Typography } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { api, errorMessage, fieldErrors } from '../../providers/httpClient';
import { EMAIL, type Company } from './api';
import { FormDialog, text, toFormErrors, useFormState, type FieldSpec, type FormErrors, type FormValues } from '../../layout/FieldsFormDialog';

const EMPTY: FormValues = { username: '', email: '', password: '', first_name: '', last_name: '' };

const FIELDS: FieldSpec[] = [
  { name: 'first_name', label: 'companies.fields.first_name', required: true, autoComplete: 'off' },
  { name: 'last_name', label: 'companies.fields.last_name', required: true, autoComplete: 'off' },
  { name: 'username', label: 'companies.fields.username', required: true, autoComplete: 'off' },
  { name: 'email', label: 'companies.fields.email', type: 'email', required: true, autoComplete: 'off' },
  { name: 'password', label: 'companies.fields.password', type: 'password', required: true, autoComplete: 'new-password', wide: true },
];

const MIN_PASSWORD_LENGTH = 8;

/** Create-admin dialog (spec 2.13): the five required fields of section 5. */
export const CompanyAdminDialog = ({
  company,
  onClose,
  onSaved,
}: {
  company: Company | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const form = useFormState(() => EMPTY);
  const { reset } = form;

  useEffect(() => {
    if (company) reset(EMPTY);
  }, [company, reset]);

  const validate = (values: FormValues): FormErrors => {
    const found: FormErrors = {};
    if (!text(values, 'username')) found.username = translate('companies.validation.username');
    if (!text(values, 'email')) found.email = translate('companies.validation.admin_email');
    else if (!EMAIL.test(text(values, 'email'))) found.email = translate('companies.validation.email');
    if (!values.password) found.password = translate('companies.validation.password');
    else if (String(values.password).length < MIN_PASSWORD_LENGTH) found.password = translate('companies.validation.password_short');
    if (!text(values, 'first_name')) found.first_name = translate('companies.validation.first_name');
    if (!text(values, 'last_name')) found.last_name = translate('companies.validation.last_name');
    return found;
  };

  const submit = async () => {
    if (!company) return;
    const found = validate(form.values);
    form.setErrors(found);
    form.setAlert(null);
    if (Object.values(found).some(Boolean)) return;
    form.setSubmitting(true);
    try {
      await api.post(`/auth/companies/${company.id}/admin`, {
        username: text(form.values, 'username'),
        email: text(form.values, 'email'),
        password: String(form.values.password),
        first_name: text(form.values, 'first_name'),
        last_name: text(form.values, 'last_name'),
      });
      notify('companies.toast.admin_created', { type: 'success' });
      onSaved();
    } catch (error) {
      const errors = toFormErrors(fieldErrors(error), FIELDS);
      form.setErrors(errors);
      const message = errorMessage(error, translate('companies.errors.create_admin'));
      if (!Object.keys(errors).length) form.setAlert(message);
      notify(message, { type: 'error' });
    } finally {
      form.setSubmitting(false);
    }
  };

  return (
    <FormDialog
      open={!!company}
      title={translate('companies.admin_title')}
      fields={FIELDS}
      values={form.values}
      errors={form.errors}
      alert={form.alert}
      submitting={form.submitting}
      submitLabel="companies.create"
      onChange={form.onChange}
      onSubmit={submit}
      onClose={onClose}
    >
      {company && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {translate('companies.admin_for', { company: company.company_name })}
        </Typography>
      )}
    </FormDialog>
  );
};
