import './messages.en';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { LeaveBalance, LeaveType } from './api';
import { formatDays } from '../../schema/format';
import { LeaveTypeToggle } from './LeaveTypeToggle';

/** One card per leave type with its on/off switch; for an employee it also shows what is left this year. */
export const LeaveTypeCards = ({ types, balances, onChanged }: { types: LeaveType[]; balances: LeaveBalance[] | null; onChanged: () => void }) => {
  const translate = useTranslate();
  if (!types.length) {
    return (
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate('leave.types.empty')}
      </Typography>
    );
  }
  return (
    <Box
      component="section"
      aria-label={translate('leave.types.title')}
      sx={{ display: 'grid', gap: { xs: 1.5, sm: 2 }, mb: 3, gridTemplateColumns: { xs: 'repeat(2, 1fr)', md: 'repeat(4, 1fr)' } }}
    >
      {types.map((type) => {
        const balance = balances?.find((b) => b.leave_type_id === type.id);
        return (
          <Card key={type.id} variant="outlined" data-testid={`leave-type-${type.type_code}`} sx={{ opacity: type.is_active ? 1 : 0.6 }}>
            {/* two to a row on a phone, so the requests are not pushed off the screen */}
            <CardContent sx={{ p: { xs: 1.5, sm: 2 }, '&:last-child': { pb: { xs: 1.5, sm: 3 } } }}>
              <Stack direction="row" alignItems="flex-start" justifyContent="space-between" spacing={0.5}>
                <Typography variant="subtitle1" sx={{ fontWeight: 700, lineHeight: 1.3, minWidth: 0 }}>
                  {type.type_name}
                </Typography>
                <Box sx={{ mt: -0.5, mr: -1, flexShrink: 0 }}>
                  <LeaveTypeToggle type={type} onChanged={onChanged} />
                </Box>
              </Stack>
              <Typography variant="caption" color="text.secondary">
                {type.type_code}
              </Typography>
              <Typography variant="body2" sx={{ mt: 1 }}>
                {type.max_days_per_year > 0
                  ? translate('leave.types.days_per_year', { days: formatDays(type.max_days_per_year) })
                  : translate('leave.types.no_limit')}
              </Typography>
              {balance?.limited && (
                <Typography variant="h6" data-testid="type-remaining" sx={{ mt: 1, fontSize: { xs: '1rem', sm: '1.25rem' }, lineHeight: 1.3 }}>
                  {translate('leave.form.remaining', { days: formatDays(balance.remaining) })}
                </Typography>
              )}
              <Stack direction="row" useFlexGap spacing={0.5} sx={{ mt: 1, flexWrap: 'wrap' }}>
                <Chip size="small" label={translate(type.is_paid ? 'leave.types.paid' : 'leave.types.unpaid')} />
                {type.attachment_required && <Chip size="small" variant="outlined" label={translate('leave.types.attachment')} />}
                {!type.is_active && <Chip size="small" color="default" label={translate('leave.types.inactive')} />}
              </Stack>
            </CardContent>
          </Card>
        );
      })}
    </Box>
  );
};
