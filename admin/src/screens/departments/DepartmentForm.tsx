import { Box, Button } from '@mui/material';
import {
  AutocompleteInput,
  BooleanInput,
  ReferenceInput,
  SaveButton,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  required,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useManageRights } from '../people/access';
import { employeeName } from '../employees/EmployeeForm';

export const DEPARTMENT_FIELDS = ['department_name', 'description', 'manager_id', 'is_active'] as const;

const FormToolbar = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={() => redirect('list', 'hr/departments')}>{translate('ra.action.cancel')}</Button>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
};

/** Add/edit form of a department; the code cannot change on edit (hr.md 5). */
export const DepartmentForm = ({
  mode,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  onSubmit: (values: Record<string, any>) => Promise<Record<string, string> | undefined>;
}) => {
  const translate = useTranslate();
  const { canView } = useManageRights('departments');
  const t = (field: string) => translate(`departments.fields.${field}`);
  const req = required(translate('departments.required'));
  return (
    <SimpleForm onSubmit={onSubmit} toolbar={<FormToolbar />} defaultValues={mode === 'create' ? { is_active: true } : undefined}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 2fr' }, columnGap: 2, width: '100%' }}>
        <TextInput
          source="department_code"
          label={t('department_code')}
          validate={mode === 'create' ? [req, maxLength(50)] : undefined}
          disabled={mode === 'edit'}
          helperText={mode === 'edit' ? translate('departments.code_locked') : false}
        />
        <TextInput source="department_name" label={t('department_name')} validate={[req, maxLength(200)]} />
      </Box>
      <TextInput source="description" label={t('description')} multiline minRows={2} fullWidth />
      {canView('employees') && (
        <ReferenceInput source="manager_id" reference="hr/employees" sort={{ field: 'first_name', order: 'ASC' }}>
          <AutocompleteInput
            label={t('manager_id')}
            optionText={(e: any) => `${employeeName(e)} (${e.employee_code})`}
            filterToQuery={(q: string) => ({ q })}
            fullWidth
          />
        </ReferenceInput>
      )}
      <BooleanInput source="is_active" label={t('is_active')} />
    </SimpleForm>
  );
};
