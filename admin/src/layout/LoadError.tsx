import type { ReactNode } from 'react';
import { Alert, Button, type SxProps, type Theme } from '@mui/material';
import { useTranslate } from 'react-admin';

/** What a screen shows when its data could not be loaded: the reason and a Retry button. */
export const LoadError = ({ children, onRetry, sx }: { children: ReactNode; onRetry: () => unknown; sx?: SxProps<Theme> }) => {
  const translate = useTranslate();
  return (
    <Alert
      severity="error"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={() => void onRetry()}>
          {translate('app.retry')}
        </Button>
      }
    >
      {children}
    </Alert>
  );
};
