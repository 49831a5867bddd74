import { Box } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatusChip as Chip } from '../../schema/StatusChip';

/** A request's status: the console's one status chip in the leave requests' colours, marked with its value. */
export const StatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return (
    <Box component="span" data-status={status}>
      <Chip value={status} resource="hr/leave-requests" label={translate(`leave.status.${status}`, { _: status })} />
    </Box>
  );
};
