import { Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/** /analytics: spec 2.1 says it shows only the placeholder text. */
export default function AnalyticsScreen() {
  const translate = useTranslate();
  return (
    <Typography variant="h5" component="p" sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>
      {translate('screens.analytics_soon')}
    </Typography>
  );
}
