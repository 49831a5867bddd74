import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import CloudQueueIcon from '@mui/icons-material/CloudQueue';
import { useTranslate } from 'react-admin';
import { isWaiting, useOfflineQueue } from '../../pwa/offlineQueue';
import { days, type LeaveType } from './api';

export const LEAVE_REQUESTS_PATH = '/hr/leave-requests';

const range = (start: unknown, end: unknown) => (start === end ? String(start) : `${String(start)} → ${String(end)}`);

/** Leave requests made offline that the server has not received yet, above the list. */
export const QueuedRequests = ({ types }: { types: LeaveType[] }) => {
  const translate = useTranslate();
  const waiting = useOfflineQueue().filter((item) => item.path === LEAVE_REQUESTS_PATH && isWaiting(item));
  if (!waiting.length) return null;
  return (
    <Stack spacing={1.5} sx={{ mb: 2 }} data-testid="queued-leave-requests">
      {waiting.map((item) => {
        const type = types.find((t) => t.id === item.body.leave_type_id);
        return (
          <Card key={item.id} variant="outlined" data-testid="queued-leave-request" sx={{ borderStyle: 'dashed' }}>
            <CardContent sx={{ pb: '12px !important' }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                <Typography sx={{ fontWeight: 600 }}>{type?.type_name ?? item.label}</Typography>
                <Chip size="small" color="warning" icon={<CloudQueueIcon />} label={translate('offline.status.pending')} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {range(item.body.start_date, item.body.end_date)} · {days(item.body.total_days as number)} {translate('leave.requests.days')}
              </Typography>
              {typeof item.body.reason === 'string' && <Typography variant="body2">{item.body.reason}</Typography>}
            </CardContent>
          </Card>
        );
      })}
    </Stack>
  );
};
