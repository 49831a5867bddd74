import type { ReactNode } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Logo } from './Logo';

/** Public layout of the sign-in screens: logo, product name, 'Enterprise Resource Planning Platform'. */
export const AuthLayout = ({ children, maxWidth = 440 }: { children: ReactNode; maxWidth?: number }) => {
  const translate = useTranslate();
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: 'linear-gradient(135deg, #eff6ff 0%, #e0e7ff 50%, #f5f3ff 100%)',
      }}
    >
      <Box sx={{ width: '100%', maxWidth }}>
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', mb: 3, textAlign: 'center' }}>
          <Logo size={64} />
          <Typography variant="h5" component="p" sx={{ mt: 1.5, fontWeight: 700 }}>
            {translate('app.name')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.tagline')}
          </Typography>
        </Box>
        <Card elevation={0} sx={{ borderRadius: 3, boxShadow: '0 10px 40px rgba(30, 64, 175, 0.12)' }}>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>{children}</CardContent>
        </Card>
      </Box>
    </Box>
  );
};
