import type { ReactNode } from 'react';
import { Box, Button, Divider, Stack, Typography } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  DateInput,
  FormDataConsumer,
  NumberInput,
  PasswordInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  email,
  maxLength,
  minLength,
  required,
  useRecordContext,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useManageRights } from '../people/access';

export const GENDERS = ['male', 'female', 'other'] as const;
export const EMPLOYMENT_TYPES = ['full_time', 'part_time', 'contract', 'intern'] as const;
export const EMPLOYMENT_STATUSES = ['active', 'on_leave', 'suspended', 'terminated'] as const;
export const PAYMENT_FREQUENCIES = ['monthly', 'semi_monthly', 'biweekly', 'weekly'] as const;

/** Fields an update sends (the code, names shown for display and timestamps are left out). */
export const EDITABLE_FIELDS = [
  'first_name',
  'middle_name',
  'last_name',
  'email',
  'phone',
  'date_of_birth',
  'gender',
  'address',
  'city',
  'state',
  'country',
  'postal_code',
  'department_id',
  'position_id',
  'manager_id',
  'employment_type',
  'employment_status',
  'hire_date',
  'termination_date',
  'salary',
  'salary_currency',
  'payment_frequency',
  'emergency_contact_name',
  'emergency_contact_phone',
  'emergency_contact_relationship',
] as const;

export const employeeName = (e: { first_name?: string; last_name?: string; employee_code?: string } | Record<string, any>) =>
  `${e.first_name ?? ''} ${e.last_name ?? ''}`.trim() || (e.employee_code ?? '');

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Box component="section" sx={{ width: '100%', mb: 1 }}>
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mb: 1 }}>
      {title}
    </Typography>
    <Box
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' },
        columnGap: 2,
        '& .ra-input': { width: '100%' },
      }}
    >
      {children}
    </Box>
    <Divider sx={{ mt: 1 }} />
  </Box>
);

const FormToolbar = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={() => redirect('list', 'hr/employees')}>{translate('employees.cancel')}</Button>
      <SaveButton label={translate('employees.save')} alwaysEnable />
    </Toolbar>
  );
};

const choices = (values: readonly string[], prefix: string, translate: (k: string) => string) =>
  values.map((id) => ({ id, name: translate(`${prefix}.${id}`) }));

/** The add/edit form in the spec's sections; Login Credentials only on create (hr.md 2, 5). */
export const EmployeeForm = ({
  mode,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  onSubmit: (values: Record<string, any>) => Promise<Record<string, string> | undefined>;
}) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const { canView } = useManageRights('employees');
  // the server leaves pay out of the record for those who may not see it (nor change it)
  const showsPay = mode === 'create' || (!!record && 'salary' in record);
  const t = (field: string) => translate(`employees.fields.${field}`);
  const req = required(translate('employees.required'));
  const loginRequired = (value: unknown, values: Record<string, any>) =>
    values?.enable_login && !value ? translate('employees.login_required') : undefined;

  return (
    <SimpleForm
      onSubmit={onSubmit}
      toolbar={<FormToolbar />}
      defaultValues={
        mode === 'create'
          ? { employment_type: 'full_time', employment_status: 'active', salary_currency: 'USD', payment_frequency: 'monthly', enable_login: false }
          : undefined
      }
    >
      <Section title={translate('employees.sections.basic')}>
        <TextInput
          source="employee_code"
          label={t('employee_code')}
          validate={mode === 'create' ? [req, maxLength(50)] : undefined}
          disabled={mode === 'edit'}
          helperText={mode === 'edit' ? translate('employees.code_locked') : false}
        />
        <TextInput source="first_name" label={t('first_name')} validate={[req, maxLength(100)]} />
        <TextInput source="middle_name" label={t('middle_name')} validate={maxLength(100)} />
        <TextInput source="last_name" label={t('last_name')} validate={[req, maxLength(100)]} />
        <TextInput source="email" type="email" label={t('email')} validate={[req, email('Please enter a valid email address')]} />
        <TextInput source="phone" type="tel" label={t('phone')} validate={maxLength(50)} />
        <DateInput source="date_of_birth" label={t('date_of_birth')} />
        <SelectInput source="gender" label={t('gender')} choices={choices(GENDERS, 'employees.genders', translate)} emptyText="—" />
      </Section>

      <Section title={translate('employees.sections.employment')}>
        {canView('departments') && (
          <ReferenceInput source="department_id" reference="hr/departments" perPage={200} sort={{ field: 'department_name', order: 'ASC' }}>
            <SelectInput label={t('department_id')} optionText="department_name" emptyText="—" />
          </ReferenceInput>
        )}
        {canView('positions') && (
          <ReferenceInput source="position_id" reference="hr/positions" perPage={200} sort={{ field: 'position_title', order: 'ASC' }}>
            <SelectInput label={t('position_id')} optionText="position_title" emptyText="—" />
          </ReferenceInput>
        )}
        <ReferenceInput
          source="manager_id"
          reference="hr/employees"
          sort={{ field: 'first_name', order: 'ASC' }}
        >
          <AutocompleteInput
            label={t('manager_id')}
            optionText={(e: any) => `${employeeName(e)} (${e.employee_code})`}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
        <SelectInput
          source="employment_type"
          label={t('employment_type')}
          choices={choices(EMPLOYMENT_TYPES, 'employees.types', translate)}
          validate={required()}
        />
        <SelectInput
          source="employment_status"
          label={t('employment_status')}
          choices={choices(EMPLOYMENT_STATUSES, 'employees.statuses', translate)}
          validate={required()}
        />
        <DateInput source="hire_date" label={t('hire_date')} validate={mode === 'create' ? req : undefined} />
        <DateInput source="termination_date" label={t('termination_date')} helperText={translate('employees.hints.termination_date')} />
        {showsPay && <NumberInput source="salary" label={t('salary')} min={0} step={0.01} />}
        {showsPay && (
          <TextInput source="salary_currency" label={t('salary_currency')} validate={[required(), minLength(3), maxLength(3)]} />
        )}
        {showsPay && (
          <SelectInput
            source="payment_frequency"
            label={t('payment_frequency')}
            choices={choices(PAYMENT_FREQUENCIES, 'employees.frequencies', translate)}
            validate={required()}
          />
        )}
      </Section>

      <Section title={translate('employees.sections.address')}>
        <TextInput source="address" label={t('address')} sx={{ gridColumn: { sm: '1 / -1' } }} />
        <TextInput source="city" label={t('city')} />
        <TextInput source="state" label={t('state')} />
        <TextInput source="country" label={t('country')} />
        <TextInput source="postal_code" label={t('postal_code')} validate={maxLength(20)} />
      </Section>

      <Section title={translate('employees.sections.emergency')}>
        <TextInput source="emergency_contact_name" label={t('emergency_contact_name')} />
        <TextInput source="emergency_contact_phone" type="tel" label={t('emergency_contact_phone')} />
        <TextInput source="emergency_contact_relationship" label={t('emergency_contact_relationship')} />
      </Section>

      {mode === 'create' ? (
        <Section title={translate('employees.sections.login')}>
          <BooleanInput source="enable_login" label={t('enable_login')} sx={{ gridColumn: '1 / -1' }} />
          <FormDataConsumer>
            {({ formData }) =>
              formData.enable_login ? (
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ gridColumn: '1 / -1' }}>
                  <TextInput source="username" label={t('username')} autoComplete="off" validate={loginRequired} />
                  <PasswordInput
                    source="password"
                    label={t('password')}
                    autoComplete="new-password"
                    validate={[loginRequired, minLength(8, translate('employees.password_too_short'))]}
                  />
                </Stack>
              ) : null
            }
          </FormDataConsumer>
        </Section>
      ) : record?.username ? (
        <Typography variant="body2" color="text.secondary">
          {translate('employees.has_login', { username: record.username })}
        </Typography>
      ) : null}
    </SimpleForm>
  );
};
