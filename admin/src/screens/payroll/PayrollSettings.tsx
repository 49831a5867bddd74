import './messages.en';
import { Box, Button, Card, CardContent, LinearProgress, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ArrayInput, ResourceContextProvider, SaveButton, SimpleForm, SimpleFormIterator, Toolbar, useNotify, useTranslate, type RaRecord } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import type { components } from '../../../../openapi/schema';
import { useSession } from '../../auth/useSession';
import { LoadError } from '../../layout/LoadError';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { errorMessage, fieldErrors } from '../../providers/httpClient';
import { employeeComponents, salaryComponents, taxBrackets } from '../../resources/payroll';
import { bodyFrom } from '../../schema/body';
import type { ResourceConfig } from '../../schema/config';
import { formFields, type FieldDescriptor } from '../../schema/derive';
import { useFormat } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { allows, resourceSchema, useLabels } from '../../schema/schema';
import { SchemaResource } from '../../schema/SchemaResource';

type TaxBracket = components['schemas']['TaxBracketDto'];

/** Amounts and percents travel as decimal texts ("150.00", "5.0000"): typed as text, checked by the server's pattern. */
const asText = (field: FieldDescriptor): FieldDescriptor => (field.kind === 'money' ? { ...field, kind: 'text' } : field);

/** The component's value: its monthly amount or its percent of the basic salary. */
const ValueCell = ({ record }: { record: RaRecord }) => {
  const format = useFormat();
  return <>{record.calculation_type === 'percentage' ? `${Number(record.percentage)}%` : format.money(record.amount)}</>;
};

/** Who the component applies to: everyone, or the employees it is assigned to. */
const AppliesCell = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return <>{record.applies_to_all ? translate('payroll.settings.everyone') : translate('payroll.settings.assigned', { smart_count: record.assigned_count })}</>;
};

/** The amount input for a fixed component, the percent input for a percentage one. */
const ValueInput = ({ resource, field, calculation }: { resource: string; field: FieldDescriptor; calculation: 'fixed' | 'percentage' }) => {
  const chosen = useWatch({ name: 'calculation_type' }) as string | undefined;
  if ((chosen ?? 'fixed') !== calculation) return null;
  return <SchemaInput resource={resource} field={asText(field)} />;
};

const valueInputs = (resource: string): ResourceConfig['inputs'] => ({
  amount: (field) => <ValueInput resource={resource} field={field} calculation="fixed" />,
  percentage: (field) => <ValueInput resource={resource} field={field} calculation="percentage" />,
});

const components_: ResourceConfig = {
  ...salaryComponents,
  cells: { amount: ValueCell, assigned_count: AppliesCell },
  inputs: valueInputs(salaryComponents.name),
  transform: (values, mode) => {
    const schema = resourceSchema(salaryComponents.name);
    const body = bodyFrom(values, mode === 'create' ? schema.create : schema.update, mode);
    // only the value of the chosen calculation is kept
    if (body.calculation_type === 'percentage') body.amount = null;
    else if (body.calculation_type === 'fixed') body.percentage = null;
    return body;
  },
};

const assignments: ResourceConfig = {
  ...employeeComponents,
  inputs: {
    amount: (field) => <SchemaInput resource={employeeComponents.name} field={asText(field)} />,
    percentage: (field) => <SchemaInput resource={employeeComponents.name} field={asText(field)} />,
  },
};

const Title = ({ resource }: { resource: string }) => {
  const labels = useLabels(resource);
  return (
    <Typography variant="h6" component="h2">
      {labels.text('title')}
    </Typography>
  );
};

/** The income tax table: edited as a whole and saved in one PUT, each band with the rules of the document's item schema. */
const TaxTable = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const labels = useLabels(taxBrackets.name);
  const schema = resourceSchema(taxBrackets.name);
  const session = useSession();
  const canSave = !!schema.replace && allows(schema.operations.replace, session);
  const [field] = formFields(schema.replace, { include: [taxBrackets.items] });
  const list = useQuery({
    queryKey: ['payroll', 'tax'],
    queryFn: () => apiData(client.GET('/api/hr/payroll/tax-brackets')),
  });

  const save = async (values: Record<string, unknown>) => {
    const rows = ((values[taxBrackets.items] ?? []) as Array<Partial<TaxBracket>>).map((row) => ({
      lower_bound: String(row.lower_bound ?? '').trim(),
      upper_bound: row.upper_bound === undefined || row.upper_bound === null || String(row.upper_bound).trim() === '' ? null : String(row.upper_bound).trim(),
      rate: String(row.rate ?? '').trim(),
    }));
    try {
      const answer = await apiAnswer(client.PUT('/api/hr/payroll/tax-brackets', { body: { brackets: rows } }));
      notify(answer.message ?? labels.text('saved'), { type: 'success' });
      await list.refetch();
      return undefined;
    } catch (error) {
      notify(errorMessage(error, labels.text('save_failed')), { type: 'error' });
      const errors = fieldErrors(error);
      return errors.length ? Object.fromEntries(errors.map((e) => [e.field, e.message])) : undefined;
    }
  };

  return (
    <Card variant="outlined" data-testid="tax-table">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
          {labels.text('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {labels.text('hint')}
        </Typography>
        {list.error ? (
          <LoadError onRetry={() => list.refetch()}>{translate('payroll.messages.load_failed')}</LoadError>
        ) : list.isPending || !field ? (
          <LinearProgress />
        ) : (
          <ResourceContextProvider value={taxBrackets.name}>
          <SimpleForm
            key={list.dataUpdatedAt}
            onSubmit={save}
            defaultValues={{ [taxBrackets.items]: list.data.map(({ lower_bound, upper_bound, rate }) => ({ lower_bound, upper_bound, rate })) }}
            sx={{ p: 0 }}
            toolbar={
              canSave ? (
                <Toolbar sx={{ px: 0, gap: 1, justifyContent: 'flex-end', bgcolor: 'transparent' }}>
                  <SaveButton alwaysEnable label={labels.text('save')} icon={<></>} />
                </Toolbar>
              ) : (
                false
              )
            }
          >
            <ArrayInput source={field.source} label={false}>
              <SimpleFormIterator
                inline
                disableReordering
                disableClear
                addButton={
                  <Button startIcon={<AddIcon />} size="small">
                    {labels.text('add')}
                  </Button>
                }
                sx={{ '& .RaSimpleFormIterator-inline': { flexWrap: 'wrap', columnGap: 1 }, '& .RaSimpleFormIterator-inline > *': { minWidth: 0, flex: '1 1 110px' } }}
              >
                {(field.children ?? []).map((child) => (
                  <SchemaInput
                    key={child.source}
                    resource={taxBrackets.name}
                    field={asText(child)}
                    helperText={child.source === 'upper_bound' ? labels.text('no_limit') : undefined}
                  />
                ))}
              </SimpleFormIterator>
            </ArrayInput>
          </SimpleForm>
          </ResourceContextProvider>
        )}
      </CardContent>
    </Card>
  );
};

/** Payroll settings for payroll staff: salary components, the employees' own components, and the tax table. */
export default function PayrollSettings() {
  return (
    <Stack spacing={3} sx={{ minWidth: 0 }}>
      <Box sx={{ minWidth: 0 }}>
        <SchemaResource config={components_} title={<Title resource={salaryComponents.name} />} />
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <SchemaResource config={assignments} title={<Title resource={employeeComponents.name} />} />
      </Box>
      <TaxTable />
    </Stack>
  );
}
