import { TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Period } from './period';

/** The period start and end date inputs of the Targets and Bonuses tabs (one period for both). */
export const PeriodInputs = ({ period, onChange }: { period: Period; onChange: (period: Period) => void }) => {
  const translate = useTranslate();
  return (
    <>
      <TextField
        fullWidth={false}
        size="small"
        type="date"
        label={translate('kpi_bonus.targets.period_start')}
        value={period.start}
        onChange={(e) => onChange({ ...period, start: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.end || undefined } }}
      />
      <TextField
        fullWidth={false}
        size="small"
        type="date"
        label={translate('kpi_bonus.targets.period_end')}
        value={period.end}
        onChange={(e) => onChange({ ...period, end: e.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.start || undefined } }}
      />
    </>
  );
};
