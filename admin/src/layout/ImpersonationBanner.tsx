import { useState } from 'react';
import { Alert, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../auth/useSession';
import { errorMessage } from '../providers/httpClient';
import { stopImpersonation } from '../providers/impersonation';
import { companyName, isImpersonating } from '../providers/session';

/** Shown while a superadmin impersonates a company; 'Exit Impersonation' goes back (spec 4). */
export const ImpersonationBanner = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useSession();
  const [busy, setBusy] = useState(false);

  if (!isImpersonating(session)) return null;
  const company = companyName(session);

  const exit = async () => {
    setBusy(true);
    try {
      await stopImpersonation();
      queryClient.clear(); // cached data belongs to the impersonated company
      notify('banner.stopped', { type: 'success' });
      navigate('/companies');
    } catch (error) {
      notify(errorMessage(error, translate('banner.stop_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      data-testid="impersonation-banner"
      sx={{ mb: 2, alignItems: 'center' }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={exit} disabled={busy}>
          {translate('banner.exit_impersonation')}
        </Button>
      }
    >
      {company ? translate('banner.impersonating', { company }) : translate('banner.impersonating_unknown')}
    </Alert>
  );
};
