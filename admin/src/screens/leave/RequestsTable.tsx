import './messages.en';
import { useState } from 'react';
import {
  Box,
  Card,
  CardContent,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tooltip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import CheckIcon from '@mui/icons-material/CheckCircleOutline';
import CloseIcon from '@mui/icons-material/HighlightOff';
import UndoIcon from '@mui/icons-material/Undo';
import AttachFileIcon from '@mui/icons-material/AttachFile';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { touchIcon } from '../../pwa/phone';
import { days, leaveApi, type LeaveRequest } from './api';
import { RejectDialog } from './RejectDialog';
import { formatDays, useFormat } from '../../schema/format';
import { StatusChip } from './StatusChip';


/** Downloads an attachment with the bearer token (a plain link would carry none). */
async function download(id: number, name: string) {
  const url = URL.createObjectURL(await leaveApi.attachment(id));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

export const RequestsTable = ({
  requests,
  showEmployee,
  canDecide,
  employeeId,
  onChanged,
}: {
  requests: LeaveRequest[];
  showEmployee: boolean;
  canDecide: boolean;
  employeeId: number | null;
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const format = useFormat();
  const range = (r: LeaveRequest) => (r.start_date === r.end_date ? format.date(r.start_date) : `${format.date(r.start_date)} → ${format.date(r.end_date)}`);
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [rejecting, setRejecting] = useState<LeaveRequest | null>(null);
  const [cancelling, setCancelling] = useState<LeaveRequest | null>(null);
  const [busy, setBusy] = useState<number | null>(null);

  const act = async (id: number, call: () => Promise<unknown>, done: string) => {
    setBusy(id);
    try {
      await call();
      notify(done, { type: 'success' });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, translate('leave.messages.action_failed')), { type: 'error' });
    } finally {
      setBusy(null);
    }
  };

  if (!requests.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {translate('leave.requests.empty')}
      </Typography>
    );
  }

  const actions = (r: LeaveRequest) => {
    if (r.status !== 'pending') return null;
    const own = employeeId !== null && r.employee_id === employeeId;
    return (
      <Stack direction="row" spacing={0.5}>
        {canDecide && !own && (
          <>
            <Tooltip title={translate('leave.requests.approve')}>
              <span>
                <IconButton
                  sx={touchIcon}
                  color="success"
                  aria-label={translate('leave.requests.approve')}
                  disabled={busy === r.id}
                  onClick={() => act(r.id, () => leaveApi.approve(r.id), 'leave.messages.approved')}
                >
                  <CheckIcon />
                </IconButton>
              </span>
            </Tooltip>
            <Tooltip title={translate('leave.requests.reject')}>
              <span>
                <IconButton sx={touchIcon} color="error" aria-label={translate('leave.requests.reject')} disabled={busy === r.id} onClick={() => setRejecting(r)}>
                  <CloseIcon />
                </IconButton>
              </span>
            </Tooltip>
          </>
        )}
        {own && (
          <Tooltip title={translate('leave.requests.cancel')}>
            <span>
              <IconButton sx={touchIcon} aria-label={translate('leave.requests.cancel')} disabled={busy === r.id} onClick={() => setCancelling(r)}>
                <UndoIcon />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </Stack>
    );
  };

  const attachment = (r: LeaveRequest) =>
    r.attachment && (
      <Tooltip title={r.attachment.file_name}>
        <IconButton
          sx={touchIcon}
          size="small"
          aria-label={translate('leave.requests.attachment')}
          onClick={() => download(r.attachment!.id, r.attachment!.file_name).catch(() => notify('leave.messages.load_failed', { type: 'error' }))}
        >
          <AttachFileIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );

  return (
    <>
      {narrow ? (
        <Stack spacing={1.5} data-testid="leave-requests">
          {requests.map((r) => (
            <Card key={r.id} variant="outlined" data-testid="leave-request-row" data-start-date={r.start_date}>
              <CardContent sx={{ pb: '12px !important' }}>
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600 }}>{r.leave_type_name}</Typography>
                  <StatusChip status={r.status} />
                </Box>
                {showEmployee && <Typography variant="body2">{r.employee_name}</Typography>}
                <Typography variant="body2" color="text.secondary">
                  {range(r)} · {formatDays(r.total_days)}
                </Typography>
                {r.reason && <Typography variant="body2">{r.reason}</Typography>}
                {r.rejection_reason && (
                  <Typography variant="body2" color="error">
                    {translate('leave.requests.rejected_because', { reason: r.rejection_reason })}
                  </Typography>
                )}
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  {attachment(r)}
                  {actions(r)}
                </Box>
              </CardContent>
            </Card>
          ))}
        </Stack>
      ) : (
        <Table size="small" data-testid="leave-requests">
          <TableHead>
            <TableRow>
              {showEmployee && <TableCell>{translate('leave.requests.employee')}</TableCell>}
              <TableCell>{translate('leave.requests.type')}</TableCell>
              <TableCell>{translate('leave.requests.dates')}</TableCell>
              <TableCell align="right">{translate('leave.requests.days')}</TableCell>
              <TableCell>{translate('leave.requests.reason')}</TableCell>
              <TableCell>{translate('leave.requests.status')}</TableCell>
              <TableCell>{translate('leave.requests.requested')}</TableCell>
              <TableCell>{translate('leave.requests.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {requests.map((r) => (
              <TableRow key={r.id} data-testid="leave-request-row" data-start-date={r.start_date}>
                {showEmployee && <TableCell>{r.employee_name}</TableCell>}
                <TableCell>{r.leave_type_name}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{range(r)}</TableCell>
                <TableCell align="right">{days(r.total_days)}</TableCell>
                <TableCell sx={{ maxWidth: 240 }}>
                  {r.reason}
                  {r.rejection_reason && (
                    <Typography variant="caption" color="error" display="block">
                      {translate('leave.requests.rejected_because', { reason: r.rejection_reason })}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip status={r.status} />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(format.dayOf(r.requested_at))}</TableCell>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center' }}>
                    {attachment(r)}
                    {actions(r)}
                  </Box>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {rejecting && (
        <RejectDialog
          onClose={() => setRejecting(null)}
          onConfirm={async (reason) => {
            const id = rejecting.id;
            setRejecting(null);
            await act(id, () => leaveApi.reject(id, reason), 'leave.messages.rejected');
          }}
        />
      )}
      <Confirm
        isOpen={!!cancelling}
        title="leave.requests.cancel"
        content="leave.requests.cancel_confirm"
        onClose={() => setCancelling(null)}
        onConfirm={() => {
          const id = cancelling!.id;
          setCancelling(null);
          void act(id, () => leaveApi.cancel(id), 'leave.messages.cancelled');
        }}
      />
    </>
  );
};
