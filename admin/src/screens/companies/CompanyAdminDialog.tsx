import './messages.en';
import { Box, Button, Dialog, DialogContent, DialogTitle, Typography, useMediaQuery, type Theme } from '@mui/material';
import { email, Form, minLength, required, SaveButton, TextInput, useNotify, useTranslate, type Validator } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage, fieldErrors } from '../../providers/httpClient';

type Company = components['schemas']['CompanyResponseDto'];
type NewAdmin = components['schemas']['CreateCompanyAdminDto'];

const MIN_PASSWORD_LENGTH = 8;

/** Create-admin dialog (spec 2.13): the five required fields of section 5, sent through the typed client. */
export const CompanyAdminDialog = ({ company, onClose, onSaved }: { company: Company | null; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));

  const submit = async (values: Record<string, unknown>) => {
    if (!company) return undefined;
    const text = (name: keyof NewAdmin) => String(values[name] ?? '').trim();
    const body: NewAdmin = {
      username: text('username'),
      email: text('email'),
      password: String(values.password ?? ''),
      first_name: text('first_name'),
      last_name: text('last_name'),
    };
    try {
      await apiData(client.POST('/api/auth/companies/{id}/admin', { params: { path: { id: company.id } }, body }));
      notify('companies.toast.admin_created', { type: 'success' });
      onSaved();
      return undefined;
    } catch (error) {
      const errors = fieldErrors(error);
      if (!errors.length) notify(errorMessage(error, translate('companies.errors.create_admin')), { type: 'error' });
      return errors.length ? Object.fromEntries(errors.map((e) => [e.field, e.message])) : undefined;
    }
  };

  const input = (source: keyof NewAdmin, validate: Validator[], type = 'text', wide = false) => (
    <Box sx={{ gridColumn: wide ? '1 / -1' : undefined, minWidth: 0 }}>
      <TextInput
        source={source}
        label={translate(`companies.fields.${source}`)}
        validate={validate}
        type={type}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        fullWidth
        helperText={false}
      />
    </Box>
  );

  return (
    <Dialog open={!!company} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby="company-admin-title">
      <DialogTitle id="company-admin-title" sx={{ fontWeight: 700 }}>
        {translate('companies.admin_title')}
      </DialogTitle>
      {company && (
        <Form onSubmit={submit} key={company.id}>
          <DialogContent dividers>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('companies.admin_for', { company: company.company_name })}
            </Typography>
            <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2 }}>
              {input('first_name', [required(translate('companies.validation.first_name'))])}
              {input('last_name', [required(translate('companies.validation.last_name'))])}
              {input('username', [required(translate('companies.validation.username'))])}
              {input('email', [required(translate('companies.validation.admin_email')), email(translate('companies.validation.email'))], 'email')}
              {input('password', [required(translate('companies.validation.password')), minLength(MIN_PASSWORD_LENGTH, translate('companies.validation.password_short'))], 'password', true)}
            </Box>
          </DialogContent>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, p: 2 }}>
            <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
            <SaveButton label="companies.create" icon={<></>} alwaysEnable />
          </Box>
        </Form>
      )}
    </Dialog>
  );
};
