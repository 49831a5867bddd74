import { Chip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { statusColor } from './api';

export const StatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  return <Chip size="small" color={statusColor(status)} label={translate(`leave.status.${status}`, { _: status })} data-status={status} />;
};
