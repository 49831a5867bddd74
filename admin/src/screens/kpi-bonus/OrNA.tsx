import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A text, or N/A when there is none (hr.md 2: missing values show N/A). */
export const OrNA = ({ value }: { value: string | null | undefined }) => {
  const translate = useTranslate();
  return value === null || value === undefined ? (
    <Typography component="span" variant="inherit" color="text.secondary">
      {translate('kpi_bonus.not_available')}
    </Typography>
  ) : (
    <>{value}</>
  );
};
