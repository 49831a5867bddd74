import { useId, type FormEvent, type ReactNode } from 'react';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * The frame of the screen's form dialogs: title, an error that names no field, the fields, and
 * Cancel / submit (Enter submits). Full screen on a phone.
 */
export const DialogFrame = ({
  title,
  alert,
  busy,
  submitLabel,
  submitColor = 'primary',
  disabled,
  extraActions,
  maxWidth = 'sm',
  onSubmit,
  onClose,
  children,
}: {
  title: string;
  alert?: string | null;
  busy: boolean;
  /** the submit button's text (translated) */
  submitLabel: string;
  submitColor?: 'primary' | 'error' | 'success';
  disabled?: boolean;
  /** buttons at the start of the action bar (e.g. Delete) */
  extraActions?: ReactNode;
  maxWidth?: 'sm' | 'md';
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}) => {
  const translate = useTranslate();
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy && !disabled) onSubmit();
  };
  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth={maxWidth} fullScreen={fullScreen} aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent dividers>
          {alert && (
            <Alert severity="error" sx={{ mb: 2 }} role="alert">
              {alert}
            </Alert>
          )}
          {children}
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 1.5 }}>
          {extraActions && <Box sx={{ mr: 'auto' }}>{extraActions}</Box>}
          <Button onClick={onClose} disabled={busy}>
            {translate('kpi_bonus.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            color={submitColor}
            disabled={busy || disabled}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {submitLabel}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
};
