import './messages.en';
import type { ReactNode } from 'react';
import {
  Box,
  Card,
  CardContent,
  Chip,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useFormat, type Formatters } from '../../schema/format';
import { StatusChip as OneStatusChip } from '../../schema/StatusChip';
import { formatHours, type AttendanceRecord, type AttendanceStatus } from './api';


export const StatusChip = ({ status }: { status: AttendanceStatus }) => {
  const translate = useTranslate();
  return <OneStatusChip value={status} label={translate(`attendance.status.${status}`)} />;
};

/** When the server received an entry sent offline (its check-in, else its check-out). */
const receivedTitle = (record: AttendanceRecord, translate: (key: string, options?: object) => string, format: Formatters) => {
  const at = (record.is_offline ? record.check_in_received_at : null) ?? (record.check_out_offline ? record.check_out_received_at : null);
  return at ? translate('attendance.flags.received', { time: format.dateTime(at) }) : undefined;
};

const Flags = ({ record }: { record: AttendanceRecord }) => {
  const translate = useTranslate();
  const format = useFormat();
  const flags = [
    record.is_offline || record.check_out_offline ? 'offline' : null,
    record.auto_checked_out ? 'auto' : null,
    record.corrected_at ? 'corrected' : null,
  ].filter((f): f is string => !!f);
  if (!flags.length) return null;
  return (
    <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap' }}>
      {flags.map((f) => (
        <Chip
          key={f}
          size="small"
          variant="outlined"
          label={translate(`attendance.flags.${f}`)}
          title={f === 'offline' ? receivedTitle(record, translate, format) : undefined}
        />
      ))}
    </Stack>
  );
};

/**
 * Attendance records: a table on wide screens, one card per day on a phone. `showEmployee` adds
 * the employee column (the admins' list); `action` renders a row's action (the correction button).
 */
export const RecordsView = ({
  records,
  showEmployee = false,
  action,
  empty,
}: {
  records: AttendanceRecord[];
  showEmployee?: boolean;
  action?: (record: AttendanceRecord) => ReactNode;
  empty: string;
}) => {
  const translate = useTranslate();
  const format = useFormat();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  if (!records.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {empty}
      </Typography>
    );
  }
  const f = (key: string) => translate(`attendance.fields.${key}`);
  if (narrow) {
    return (
      <Stack spacing={1.5} data-testid="attendance-cards">
        {records.map((r) => (
          <Card key={r.id} variant="outlined" data-testid="attendance-card">
            <CardContent sx={{ '&:last-child': { pb: 2 } }}>
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 1, gap: 1 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {showEmployee ? `${r.employee_name} · ` : ''}
                  {format.date(r.attendance_date)}
                </Typography>
                <StatusChip status={r.status} />
              </Box>
              <Typography variant="body2" color="text.secondary">
                {f('check_in')}: {format.time(r.check_in_time)} · {f('check_out')}: {format.time(r.check_out_time)} ·{' '}
                {f('work_hours')}: {formatHours(r.work_hours)}
              </Typography>
              {r.check_in_location && (
                <Typography variant="body2" color="text.secondary">
                  {f('location')}: {r.check_in_location}
                </Typography>
              )}
              <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: 1 }}>
                <Flags record={r} />
                {action?.(r)}
              </Box>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <TableContainer>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{f('date')}</TableCell>
            {showEmployee && <TableCell>{f('employee')}</TableCell>}
            <TableCell>{f('check_in')}</TableCell>
            <TableCell>{f('check_out')}</TableCell>
            <TableCell align="right">{f('work_hours')}</TableCell>
            <TableCell>{f('status')}</TableCell>
            <TableCell>{f('location')}</TableCell>
            <TableCell>{f('flags')}</TableCell>
            {action && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {records.map((r) => (
            <TableRow key={r.id} hover>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(r.attendance_date)}</TableCell>
              {showEmployee && (
                <TableCell>
                  {r.employee_name}
                  <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                    {r.employee_code}
                  </Typography>
                </TableCell>
              )}
              <TableCell>{format.time(r.check_in_time)}</TableCell>
              <TableCell>{format.time(r.check_out_time)}</TableCell>
              <TableCell align="right">{formatHours(r.work_hours)}</TableCell>
              <TableCell>
                <StatusChip status={r.status} />
              </TableCell>
              <TableCell>{r.work_location_name ?? r.check_in_location ?? '—'}</TableCell>
              <TableCell>
                <Flags record={r} />
              </TableCell>
              {action && <TableCell align="right">{action(r)}</TableCell>}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
};
