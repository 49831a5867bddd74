import './messages.en';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import { useTranslate } from 'react-admin';
import { isWaiting, useOfflineQueue } from '../../pwa/offlineQueue';
import { formatDays, useFormat } from '../../schema/format';
import { type CreateLeaveRequest, type LeaveType } from './api';

export const LEAVE_REQUESTS_PATH = '/hr/leave-requests';

/** Leave requests made offline that the server has not received yet, above the list. */
export const QueuedRequests = ({ types }: { types: LeaveType[] }) => {
  const translate = useTranslate();
  const format = useFormat();
  const waiting = useOfflineQueue().filter((item) => item.path === LEAVE_REQUESTS_PATH && isWaiting(item));
  if (!waiting.length) return null;
  // the dates as the requests' table shows them
  const range = ({ start_date: start, end_date: end }: CreateLeaveRequest) =>
    start === end ? format.date(start) : `${format.date(start)} → ${format.date(end)}`;
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="queued-leave-requests">
      {waiting.map((item) => {
        // the body the Request Leave modal queued
        const body = item.body as CreateLeaveRequest;
        const type = types.find((t) => t.id === body.leave_type_id);
        return (
          <Card key={item.id} variant="outlined" data-testid="queued-leave-request" data-start-date={body.start_date} sx={{ borderStyle: 'dashed' }}>
            <CardContent sx={{ pb: '12px !important' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{type?.type_name ?? item.label}</Typography>
                <Chip size="small" color="warning" icon={<CloudQueueIcon />} label={translate('offline.status.pending')} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {range(body)} · {formatDays(body.total_days ?? null)}
              </Typography>
              {typeof body.reason === 'string' && <Typography variant="body2">{body.reason}</Typography>}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
};
