import './messages.en';
import { Card, CardContent, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';
import { days, type LeaveBalance } from './api';

export const BalancesTable = ({ balances, showEmployee }: { balances: LeaveBalance[]; showEmployee: boolean }) => {
  const translate = useTranslate();
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const remaining = (b: LeaveBalance) => (b.limited ? days(b.remaining) : translate('leave.balances.unlimited'));
  if (!balances.length) {
    return (
      <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
        {translate('leave.balances.empty')}
      </Typography>
    );
  }
  if (narrow) {
    return (
      <Stack spacing={1.5} data-testid="leave-balances">
        {balances.map((b) => (
          <Card key={`${b.employee_id}-${b.leave_type_id}`} variant="outlined" data-testid="leave-balance-row">
            <CardContent sx={{ pb: '12px !important' }}>
              <Typography sx={{ fontWeight: 600 }}>
                {b.leave_type_name}
                {showEmployee ? ` · ${b.employee_name}` : ''}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {translate('leave.balances.entitlement')} {days(b.entitlement)} · {translate('leave.balances.carried')} {days(b.carried_over)} ·{' '}
                {translate('leave.balances.taken')} {days(b.taken)} · {translate('leave.balances.pending')} {days(b.pending)}
              </Typography>
              <Typography variant="body1" sx={{ fontWeight: 600 }} data-testid="balance-remaining">
                {translate('leave.balances.remaining')}: {remaining(b)}
              </Typography>
            </CardContent>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table size="small" data-testid="leave-balances">
      <TableHead>
        <TableRow>
          {showEmployee && <TableCell>{translate('leave.balances.employee')}</TableCell>}
          <TableCell>{translate('leave.balances.type')}</TableCell>
          <TableCell align="right">{translate('leave.balances.entitlement')}</TableCell>
          <TableCell align="right">{translate('leave.balances.carried')}</TableCell>
          <TableCell align="right">{translate('leave.balances.taken')}</TableCell>
          <TableCell align="right">{translate('leave.balances.pending')}</TableCell>
          <TableCell align="right">{translate('leave.balances.remaining')}</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {balances.map((b) => (
          <TableRow key={`${b.employee_id}-${b.leave_type_id}`} data-testid="leave-balance-row" data-type={b.type_code}>
            {showEmployee && <TableCell>{b.employee_name}</TableCell>}
            <TableCell>{b.leave_type_name}</TableCell>
            <TableCell align="right">{days(b.entitlement)}</TableCell>
            <TableCell align="right">{days(b.carried_over)}</TableCell>
            <TableCell align="right">{days(b.taken)}</TableCell>
            <TableCell align="right">{days(b.pending)}</TableCell>
            <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="balance-remaining">
              {remaining(b)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
};
