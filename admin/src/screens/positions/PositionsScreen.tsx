import { Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { positions } from '../../resources/people';
import type { ResourceConfig } from '../../schema/config';
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

const config: ResourceConfig = { ...positions, cells: { min_salary: SalaryRange } };

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
