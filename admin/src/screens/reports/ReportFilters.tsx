import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { FilterKey, Filters, ReportInfo } from './report';
import type { Choice } from './useReport';

type Pickers = Record<'department_id' | 'position_id' | 'location_id', Choice[] | null>;

interface Props {
  report: ReportInfo;
  filters: Filters;
  pickers: Pickers;
  /** the server's word on a filter it refused, by filter */
  errors: Partial<Record<string, string>>;
  onChange: (key: FilterKey, value: string) => void;
}

/** two fields a row on a phone, a fixed width each from a tablet up */
const FIELD = { width: { xs: 'calc(50% - 8px)', sm: 200 }, flex: { xs: '1 1 140px', sm: '0 0 auto' } };
const WIDE = { width: { xs: '100%', sm: 240 }, flex: { xs: '1 1 100%', sm: '0 0 auto' } };

/** The report's filters, one field each as `filters` lists them: days, pickers, the grouping, a number of days. */
export function ReportFilters({ report, filters, pickers, errors, onChange }: Props) {
  const translate = useTranslate();
  const label = (key: FilterKey) => translate(`reports.filters.${key}`, { _: key.replace(/_/g, ' ') });
  const common = (key: FilterKey) => ({
    key,
    size: 'small' as const,
    label: label(key),
    value: filters[key] ?? '',
    error: !!errors[key],
    helperText: errors[key],
    sx: key === 'older_than_days' ? WIDE : FIELD,
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(key, e.target.value),
  });

  const field = (key: FilterKey) => {
    switch (key) {
      case 'from':
      case 'to':
      case 'at':
        return <TextField {...common(key)} type="date" slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-filter': key } }} />;
      case 'older_than_days':
        return <TextField {...common(key)} type="number" slotProps={{ htmlInput: { min: 0, 'data-filter': key } }} />;
      case 'group_by': {
        const options = report.group_by_options ?? [];
        return (
          <TextField {...common(key)} select value={filters.group_by || options[0]?.id || ''}>
            {options.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      case 'department_id':
      case 'position_id':
      case 'location_id': {
        const choices = pickers[key];
        if (!choices) return null;
        return (
          <TextField {...common(key)} select slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
            <MenuItem value="">{translate(`reports.filters.all_${key}`)}</MenuItem>
            {choices.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        );
      }
      default:
        return <TextField {...common(key)} />;
    }
  };

  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start' }} data-testid="report-filters">
      {report.filters.map(field)}
    </Box>
  );
}
