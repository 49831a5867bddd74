import type { ReactNode } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { companyName, isImpersonating } from '../../providers/session';

const QuickActions = ({ children }: { children: ReactNode }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
          {translate('dashboard.quick_actions')}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
};

/** /dashboard (spec 2.12): platform view for a superadmin, company view for everyone else. Cards come later. */
export default function DashboardScreen() {
  const translate = useTranslate();
  const session = useSession();
  const name = session.user?.username ?? '';

  if (session.user?.role === 'superadmin' && !isImpersonating(session)) {
    return (
      <>
        <PageHeader
          title={translate('dashboard.platform_title')}
          subtitle={translate('dashboard.platform_welcome', { name })}
        />
        <QuickActions>
          <Button component={RouterLink} to="/companies" variant="contained" startIcon={<BusinessIcon />}>
            {translate('dashboard.manage_companies')}
          </Button>
          <Button component={RouterLink} to="/packages" variant="outlined" startIcon={<Inventory2Icon />}>
            {translate('dashboard.manage_packages')}
          </Button>
        </QuickActions>
      </>
    );
  }

  const company = companyName(session);
  return (
    <PageHeader
      title={translate('dashboard.title')}
      subtitle={
        company ? translate('dashboard.welcome', { name, company }) : translate('dashboard.welcome_no_company', { name })
      }
    />
  );
}
