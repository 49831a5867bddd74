import { Box, Button, Typography } from '@mui/material';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import { useTranslate } from 'react-admin';

/** Fallback screen of a rendering or routing failure (spec 8: 'Unexpected Application Error!'). */
export const AppError = ({ error }: { error?: Error }) => {
  const translate = useTranslate();
  return (
    <Box role="alert" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 720, mx: 'auto', textAlign: 'center' }}>
      <ErrorOutlineIcon color="error" sx={{ fontSize: 56 }} />
      <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mt: 1 }}>
        {translate('error.title')}
      </Typography>
      {error?.message && (
        <Typography color="text.secondary" sx={{ mt: 1, wordBreak: 'break-word' }}>
          {error.message}
        </Typography>
      )}
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center', mt: 3 }}>
        <Button variant="outlined" onClick={() => window.location.reload()}>
          {translate('error.reload')}
        </Button>
        <Button variant="contained" onClick={() => window.location.assign('/dashboard')}>
          {translate('error.dashboard')}
        </Button>
      </Box>
    </Box>
  );
};
