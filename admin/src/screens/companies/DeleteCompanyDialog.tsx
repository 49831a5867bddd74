import './messages.en';
import { useState } from 'react';
import { Alert, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';

type Company = components['schemas']['CompanyResponseDto'];

/** Confirmation before deleting a company; with users it says what goes with it (spec 2.13). */
export const DeleteCompanyDialog = ({
  company,
  onClose,
  onDeleted,
}: {
  company: Company | null;
  onClose: () => void;
  onDeleted: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!company) return;
    setBusy(true);
    try {
      await client.DELETE('/api/auth/companies/{id}', { params: { path: { id: company.id } } });
      notify('companies.toast.deleted', { type: 'success' });
      onDeleted();
    } catch (error) {
      notify(errorMessage(error, translate('companies.errors.delete')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={!!company} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('companies.delete_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{translate('companies.delete_confirm', { company: company?.company_name ?? '' })}</DialogContentText>
        {!!company?.users_count && (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {translate('companies.delete_warning', { smart_count: company.users_count })}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={confirm}
          disabled={busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('companies.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
