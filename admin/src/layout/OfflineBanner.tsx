import { Alert, AlertTitle } from '@mui/material';
import CloudOffIcon from '@mui/icons-material/CloudOff';
import { useTranslate } from 'react-admin';
import { formatMoment } from '../pwa/formatTime';
import { useOfflineStatus } from '../pwa/offlineStatus';

/** While the server cannot be reached: how old the data on screen is, and that changes wait. */
export const OfflineBanner = () => {
  const translate = useTranslate();
  const { offline, lastUpdated } = useOfflineStatus();
  if (!offline) return null;
  return (
    <Alert severity="warning" icon={<CloudOffIcon />} role="status" data-testid="offline-banner" sx={{ mb: 2 }}>
      <AlertTitle sx={{ mb: 0.25 }}>
        {lastUpdated ? translate('offline.title', { time: formatMoment(lastUpdated) }) : translate('offline.title_no_data')}
      </AlertTitle>
      {translate('offline.text')}
    </Alert>
  );
};
