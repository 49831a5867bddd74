import { Box, Button } from '@mui/material';
import {
  NumberInput,
  ReferenceInput,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  maxLength,
  minValue,
  required,
  useRedirect,
  useTranslate,
} from 'react-admin';
import { useManageRights } from '../people/access';

export const POSITION_LEVELS = ['junior', 'mid', 'senior', 'executive'] as const;
export const POSITION_FIELDS = ['position_title', 'department_id', 'level', 'min_salary', 'max_salary', 'description'] as const;

const FormToolbar = () => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Toolbar sx={{ justifyContent: 'flex-end', gap: 1 }}>
      <Button onClick={() => redirect('list', 'hr/positions')}>{translate('ra.action.cancel')}</Button>
      <SaveButton alwaysEnable />
    </Toolbar>
  );
};

/** Add/edit form of a position; salaries at least 0 in steps of 1000, the code fixed on edit (hr.md 5). */
export const PositionForm = ({
  mode,
  onSubmit,
}: {
  mode: 'create' | 'edit';
  onSubmit: (values: Record<string, any>) => Promise<Record<string, string> | undefined>;
}) => {
  const translate = useTranslate();
  const { canView } = useManageRights('positions');
  const t = (field: string) => translate(`positions.fields.${field}`);
  const req = required(translate('positions.required'));
  const atLeastZero = minValue(0, translate('positions.salary_min'));
  const notBelowMin = (value: unknown, values: Record<string, any>) =>
    value != null && value !== '' && values?.min_salary != null && values.min_salary !== '' && Number(value) < Number(values.min_salary)
      ? translate('positions.max_below_min')
      : undefined;
  return (
    <SimpleForm onSubmit={onSubmit} toolbar={<FormToolbar />} defaultValues={mode === 'create' ? { level: 'mid' } : undefined}>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, columnGap: 2, width: '100%' }}>
        <TextInput
          source="position_code"
          label={t('position_code')}
          validate={mode === 'create' ? [req, maxLength(50)] : undefined}
          disabled={mode === 'edit'}
          helperText={mode === 'edit' ? translate('positions.code_locked') : false}
        />
        <TextInput source="position_title" label={t('position_title')} validate={[req, maxLength(200)]} />
        {canView('departments') && (
          <ReferenceInput source="department_id" reference="hr/departments" perPage={200} sort={{ field: 'department_name', order: 'ASC' }}>
            <SelectInput label={t('department_id')} optionText="department_name" emptyText="—" />
          </ReferenceInput>
        )}
        <SelectInput
          source="level"
          label={t('level')}
          choices={POSITION_LEVELS.map((id) => ({ id, name: translate(`positions.levels.${id}`) }))}
          validate={required()}
        />
        <NumberInput source="min_salary" label={t('min_salary')} min={0} step={1000} validate={atLeastZero} />
        <NumberInput source="max_salary" label={t('max_salary')} min={0} step={1000} validate={[atLeastZero, notBelowMin]} />
      </Box>
      <TextInput source="description" label={t('description')} multiline minRows={2} fullWidth />
    </SimpleForm>
  );
};
