import type { ReactElement } from 'react';
import { Box, Chip, LinearProgress, Typography, type ChipProps } from '@mui/material';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import CalculateIcon from '@mui/icons-material/Calculate';
import ThumbUpAltOutlinedIcon from '@mui/icons-material/ThumbUpAltOutlined';
import PaidIcon from '@mui/icons-material/Paid';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import DoNotDisturbIcon from '@mui/icons-material/DoNotDisturb';
import { useTranslate } from 'react-admin';
import type { PaymentStatus } from './api';
import { achievementColor, percent } from './format';

const STATUS: Record<PaymentStatus, { color: ChipProps['color']; icon: ReactElement }> = {
  pending: { color: 'warning', icon: <HourglassEmptyIcon /> },
  calculated: { color: 'info', icon: <CalculateIcon /> },
  approved: { color: 'primary', icon: <ThumbUpAltOutlinedIcon /> },
  paid: { color: 'success', icon: <PaidIcon /> },
  rejected: { color: 'error', icon: <HighlightOffIcon /> },
  cancelled: { color: 'default', icon: <DoNotDisturbIcon /> },
};

/** hr.md 4: each bonus payment status with its colour and icon. */
export const PaymentStatusChip = ({ status }: { status: string }) => {
  const translate = useTranslate();
  const known = STATUS[status as PaymentStatus];
  return (
    <Chip
      size="small"
      color={known?.color ?? 'default'}
      icon={known?.icon}
      label={translate(`kpi_bonus.status.${status}`, { _: status })}
      data-testid="payment-status"
      data-status={status}
    />
  );
};

export const ActiveChip = ({ active }: { active: boolean }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={active ? 'success' : 'default'}
      variant={active ? 'filled' : 'outlined'}
      label={translate(active ? 'kpi_bonus.status.active' : 'kpi_bonus.status.inactive')}
    />
  );
};

/** A text, or N/A when there is none (hr.md 2: missing values show N/A). */
export const OrNA = ({ value }: { value: string | null | undefined }) => {
  const translate = useTranslate();
  return value === null || value === undefined ? (
    <Typography component="span" variant="inherit" color="text.secondary">
      {translate('kpi_bonus.not_available')}
    </Typography>
  ) : (
    <>{value}</>
  );
};

/** The achievement bar of hr.md 9 (green ≥ 100, yellow ≥ 75, red below) with the whole percent. */
export const AchievementBar = ({ value }: { value: number | null | undefined }) => {
  if (value === null || value === undefined) return <OrNA value={null} />;
  const color = achievementColor(value);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 130 }} data-testid="achievement" data-color={color}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, value))}
        color={color}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
        aria-label={percent(value) ?? undefined}
      />
      <Typography variant="caption" sx={{ minWidth: 40, textAlign: 'right' }}>
        {percent(value)}
      </Typography>
    </Box>
  );
};
