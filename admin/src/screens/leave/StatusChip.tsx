import './messages.en';
import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatusChip as Chip } from '../../schema/StatusChip';
import { leaveRequests } from '../../resources/leave-requests';

/** A request's status: the console's one status chip in the leave requests' colours, marked with its value. */
export const StatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return (
    <Box component="span" data-status={status}>
      <Chip value={status} resource={leaveRequests.name} label={translate(`leave.status.${status}`, { _: status })} />
    </Box>
  );
};
