import './messages.en';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatusChip } from '../../schema/StatusChip';
import type { TeamDayStatus } from './api';

/** The attendance value each status of the day is coloured as (not in yet: no colour). */
export const TONE_OF: Record<TeamDayStatus, string> = { in: 'present', late: 'late', absent: 'absent', on_leave: 'on_leave', not_in: 'not_in' };

/** A person's status today: the console's one status chip, marked with its value. */
export const DayStatusChip = ({ status }: { status: TeamDayStatus }) => {
  const translate = useTranslate();
  return (
    <Box component="span" data-status={status}>
      <StatusChip value={TONE_OF[status]} label={translate(`team.status.${status}`)} />
    </Box>
  );
};
