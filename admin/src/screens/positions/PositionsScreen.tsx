import { Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { positions } from '../../resources/people';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaInput } from '../../schema/inputs';
import { useFormat } from '../../schema/format';
import { SchemaResource } from '../../schema/SchemaResource';

/** The salary range in whole units, as the spec's table shows it ($50,000 – $90,000). */
const SalaryRange = ({ record }: { record: RaRecord }) => {
  const format = useFormat();
  const translate = useTranslate();
  const amount = (value: unknown) => (value === null || value === undefined || value === '' ? null : format.money(value as string).replace(/\.00$/, ''));
  const min = amount(record.min_salary);
  const max = amount(record.max_salary);
  if (!min && !max) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('positions.not_set')}
      </Typography>
    );
  }
  return (
    <Typography variant="body2" component="span" sx={{ whiteSpace: 'nowrap' }}>
      {`${min ?? '…'} – ${max ?? '…'}`}
    </Typography>
  );
};

/**
 * The salary range's inputs: at least 0 and stepping by 1000 (hr.md 8: "min and max salary at
 * least 0, step 1000"). The step is the arrows' and the keyboard's only: any amount is taken.
 */
const rangeInput = (field: FieldDescriptor) => (
  <SchemaInput resource={positions.name} field={{ ...field, rules: { ...field.rules, minimum: 0, step: 1000 } }} />
);

const config: ResourceConfig = {
  ...positions,
  cells: { min_salary: SalaryRange },
  inputs: { min_salary: rangeInput, max_salary: rangeInput },
};

/** /hr/positions (hr.md 2 Positions): the generated table and forms of the collection. */
export default function PositionsScreen() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('positions.title')} subtitle={translate('positions.subtitle')} />
      <SchemaResource config={config} />
    </>
  );
}
