import { useState } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { apiAnswer, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { useFormat } from '../../schema/format';
import { dollars } from '../packages/price';

type PlanRequest = components['schemas']['PlanRequestResponseDto'];

/**
 * The companies' requests for a paid package, waiting for the platform (superadmin, /companies):
 * approve (the company is on the package from then on) or reject with a reason, each confirmed.
 */
export const PlanRequestsPanel = ({ onDecided }: { onDecided: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const formatDate = (iso: string) => format.date(format.dayOf(iso));
  const [deciding, setDeciding] = useState<{ request: PlanRequest; action: 'approve' | 'reject' } | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { data, refetch } = useGetList<PlanRequest>('packages/plan-requests', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'requested_at', order: 'ASC' },
    filter: { status: 'pending' },
  });

  if (!data?.length) return null;

  const close = () => {
    setDeciding(null);
    setReason('');
    setReasonError(null);
  };

  const confirm = async () => {
    if (!deciding) return;
    const { request, action } = deciding;
    if (action === 'reject' && !reason.trim()) {
      setReasonError(translate('companies.plan_requests.reason_required'));
      return;
    }
    setBusy(true);
    try {
      const path = { params: { path: { id: request.id } } };
      const { message } = await apiAnswer(
        action === 'reject'
          ? client.POST('/api/packages/plan-requests/{id}/reject', { ...path, body: { reason: reason.trim() } })
          : client.POST('/api/packages/plan-requests/{id}/approve', { ...path, body: {} }),
      );
      notify(message ?? translate(action === 'approve' ? 'companies.plan_requests.approved' : 'companies.plan_requests.rejected'), { type: 'success' });
      close();
      void refetch();
      onDecided();
    } catch (error) {
      notify(errorMessage(error, translate('companies.plan_requests.failed')), { type: 'error' });
      void refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ mb: 3 }} component="section" aria-label={translate('companies.plan_requests.title')}>
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
          {translate('companies.plan_requests.title')}
        </Typography>
        <Stack spacing={1.5}>
          {data.map((r) => (
            <Box
              key={r.id}
              data-testid="plan-request"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Typography variant="body2">
                {translate('companies.plan_requests.line', {
                  company: r.company_name,
                  package: r.package_name,
                  price: `${dollars(r.price)}${translate(r.billing_cycle === 'annual' ? 'packages.choose.per_year' : 'packages.per_month')}`,
                  who: r.requested_by_name ?? '—',
                  date: formatDate(r.requested_at),
                })}
              </Typography>
              <Stack direction="row" spacing={1}>
                <Button size="small" variant="contained" startIcon={<CheckIcon />} onClick={() => setDeciding({ request: r, action: 'approve' })}>
                  {translate('companies.plan_requests.approve')}
                </Button>
                <Button size="small" color="error" startIcon={<CloseIcon />} onClick={() => setDeciding({ request: r, action: 'reject' })}>
                  {translate('companies.plan_requests.reject')}
                </Button>
              </Stack>
            </Box>
          ))}
        </Stack>
      </CardContent>
      <Dialog open={!!deciding} onClose={busy ? undefined : close} maxWidth="xs" fullWidth>
        <DialogTitle>
          {translate(deciding?.action === 'reject' ? 'companies.plan_requests.reject_title' : 'companies.plan_requests.approve_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate(deciding?.action === 'reject' ? 'companies.plan_requests.reject_confirm' : 'companies.plan_requests.approve_confirm', {
              company: deciding?.request.company_name ?? '',
              package: deciding?.request.package_name ?? '',
            })}
          </DialogContentText>
          {deciding?.action === 'reject' && (
            <TextField
              autoFocus
              fullWidth
              multiline
              minRows={2}
              margin="normal"
              label={translate('companies.plan_requests.reason')}
              value={reason}
              onChange={(e) => (setReason(e.target.value), setReasonError(null))}
              error={!!reasonError}
              helperText={reasonError ?? ' '}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={busy}>
            {translate('ra.action.cancel')}
          </Button>
          <Button
            variant="contained"
            color={deciding?.action === 'reject' ? 'error' : 'primary'}
            onClick={confirm}
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {translate(deciding?.action === 'reject' ? 'companies.plan_requests.reject' : 'companies.plan_requests.approve')}
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
};
