import './messages.en';
import '../leave/messages.en';
import { useState } from 'react';
import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { LoadError } from '../../layout/LoadError';
import { apiAnswer } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { touchTarget } from '../../pwa/phone';
import { useSyncedReload } from '../../pwa/useSyncedReload';
import { formatDays, useFormat } from '../../schema/format';
import { leaveApi, type LeaveRequest } from '../leave/api';
import { RejectDialog } from '../leave/RejectDialog';

/** The pending leave requests of the people the user covers, oldest first; never the user's own (nobody decides those). */
const usePending = (employeeId: number | null) => {
  const query = useQuery({
    queryKey: ['team', 'approvals', employeeId],
    queryFn: async () => (await leaveApi.requests({ status: 'pending' })).filter((r) => r.employee_id !== employeeId).reverse(),
    retry: false,
  });
  useSyncedReload(() => query.refetch());
  return query;
};

/** One request: who, what, when, why, and the two decisions a tap away. */
const RequestCard = ({ request, busy, onApprove, onReject }: { request: LeaveRequest; busy: boolean; onApprove: () => void; onReject: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  return (
    <Card variant="outlined" data-testid="team-approval" data-request-id={request.id}>
      <CardContent sx={{ pb: '12px !important' }}>
        <Typography sx={{ fontWeight: 600 }}>{request.employee_name}</Typography>
        <Typography variant="body2">
          {request.leave_type_name} · {format.dateRange(request.start_date, request.end_date)} · {formatDays(request.total_days)}
        </Typography>
        {request.reason && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: 'anywhere' }}>
            “{request.reason}”
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary">
          {translate('team.approvals.requested', { date: format.date(format.dayOf(request.requested_at)) })}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1.5 }}>
          <Button
            variant="contained"
            color="success"
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : <CheckIcon />}
            disabled={busy}
            onClick={onApprove}
            sx={{ ...touchTarget, flex: { xs: 1, sm: 'none' } }}
            aria-label={`${translate('team.approvals.approve')} ${request.employee_name}`}
          >
            {translate('team.approvals.approve')}
          </Button>
          <Button
            variant="outlined"
            color="error"
            startIcon={<CloseIcon />}
            disabled={busy}
            onClick={onReject}
            sx={{ ...touchTarget, flex: { xs: 1, sm: 'none' } }}
            aria-label={`${translate('team.approvals.reject')} ${request.employee_name}`}
          >
            {translate('team.approvals.reject')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
};

/** Approvals: the team's pending leave requests with Approve and Reject; the server's answer shows as a message. */
export const ApprovalsTab = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const employeeId = session.user?.employee_id == null ? null : Number(session.user.employee_id);
  const queries = useQueryClient();
  const query = usePending(employeeId);
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<LeaveRequest | null>(null);

  const decide = async (id: number, call: () => ReturnType<typeof leaveApi.approve>, done: string) => {
    setBusy(id);
    try {
      const { message } = await apiAnswer(call());
      notify(message || translate(done), { type: 'success' });
    } catch (error) {
      notify(errorMessage(error, translate('team.approvals.action_failed')), { type: 'error' });
    } finally {
      setBusy(null);
      // decided or decided by someone else meanwhile: the list, today and the calendar change
      await queries.invalidateQueries({ queryKey: ['team'] });
    }
  };

  if (query.error && !query.data) {
    return <LoadError onRetry={() => query.refetch()}>{errorMessage(query.error, translate('team.approvals.failed'))}</LoadError>;
  }
  if (!query.data) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label="loading" />
      </Box>
    );
  }
  return (
    <>
      {query.data.length ? (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, minmax(0, 1fr))' } }} data-testid="team-approvals">
          {query.data.map((request) => (
            <RequestCard
              key={request.id}
              request={request}
              busy={busy === request.id}
              onApprove={() => void decide(request.id, () => leaveApi.approve(request.id), 'team.approvals.approved')}
              onReject={() => setRejecting(request)}
            />
          ))}
        </Box>
      ) : (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="team-approvals-empty">
          {translate('team.approvals.empty')}
        </Typography>
      )}
      {rejecting && (
        <RejectDialog
          onClose={() => setRejecting(null)}
          onConfirm={async (reason) => {
            const id = rejecting.id;
            setRejecting(null);
            await decide(id, () => leaveApi.reject(id, reason), 'team.approvals.rejected');
          }}
        />
      )}
    </>
  );
};
