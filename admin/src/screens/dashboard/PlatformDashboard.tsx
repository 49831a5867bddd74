import type { ReactNode } from 'react';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import BusinessIcon from '@mui/icons-material/Business';
import Inventory2Icon from '@mui/icons-material/Inventory2';
import VerifiedIcon from '@mui/icons-material/Verified';
import PeopleIcon from '@mui/icons-material/People';
import AttachMoneyIcon from '@mui/icons-material/AttachMoney';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage } from '../../providers/httpClient';
import { apiData, client } from '../../providers/apiClient';
import { useFormat } from '../../schema/format';
import { LoadError } from '../../layout/LoadError';

const StatCard = ({ label, value, icon, hint }: { label: string; value: ReactNode; icon: ReactNode; hint?: ReactNode }) => (
  <Card variant="outlined">
    <CardContent>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography variant="h4" component="p" sx={{ fontWeight: 700, mt: 0.5 }} aria-label={label}>
            {value}
          </Typography>
          {hint && (
            <Typography variant="caption" color="text.secondary">
              {hint}
            </Typography>
          )}
        </Box>
        <Box sx={{ color: 'primary.main', bgcolor: 'action.hover', borderRadius: 2, p: 1, display: 'flex' }}>{icon}</Box>
      </Stack>
    </CardContent>
  </Card>
);

/** The superadmin's /dashboard (spec 2.12): Total Companies, Active Clients, Total Users, MRR, quick actions. */
export default function PlatformDashboard() {
  const translate = useTranslate();
  const format = useFormat();
  const session = useSession();
  const { data, isPending, error, refetch } = useQuery({
    queryKey: ['platform-dashboard'],
    queryFn: () => apiData(client.GET('/api/dashboard/platform')),
  });

  const cards = data
    ? [
        { label: 'total_companies', value: data.total_companies, icon: <BusinessIcon /> },
        {
          label: 'active_clients',
          value: data.active_clients,
          icon: <VerifiedIcon />,
          hint: translate('platform_dashboard.in_trial', { count: data.trial_companies }),
        },
        { label: 'total_users', value: data.total_users, icon: <PeopleIcon /> },
        { label: 'mrr', value: format.money(data.mrr), icon: <AttachMoneyIcon />, hint: translate('platform_dashboard.mrr_hint') },
      ]
    : [];
  const maxCompanies = Math.max(1, ...(data?.plans ?? []).map((p) => p.companies));

  return (
    <>
      <PageHeader
        title={translate('dashboard.platform_title')}
        subtitle={translate('dashboard.platform_welcome', { name: session.user?.username ?? '' })}
      />
      {error ? (
        <LoadError onRetry={refetch} sx={{ mb: 3 }}>
          {errorMessage(error, translate('platform_dashboard.load_failed'))}
        </LoadError>
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: 'repeat(4, 1fr)' }, mb: 3 }}>
          {isPending
            ? [0, 1, 2, 3].map((i) => <Skeleton key={i} variant="rounded" height={112} />)
            : cards.map((c) => (
                <StatCard key={c.label} label={translate(`platform_dashboard.${c.label}`)} value={c.value} icon={c.icon} hint={c.hint} />
              ))}
        </Box>
      )}

      <Card variant="outlined" sx={{ mb: 3 }}>
        <CardContent>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
            {translate('dashboard.quick_actions')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
            <Button component={RouterLink} to="/companies" variant="contained" startIcon={<BusinessIcon />}>
              {translate('dashboard.manage_companies')}
            </Button>
            <Button component={RouterLink} to="/packages" variant="outlined" startIcon={<Inventory2Icon />}>
              {translate('dashboard.manage_packages')}
            </Button>
          </Stack>
        </CardContent>
      </Card>

      {data && (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 600, mb: 2 }}>
                {translate('platform_dashboard.plans')}
              </Typography>
              <Stack spacing={1.5}>
                {data.plans.map((p) => (
                  <Box key={p.package_id}>
                    <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {p.package_name}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {translate('platform_dashboard.active_of', { active: p.active, total: p.companies })} · {format.money(p.mrr)}
                      </Typography>
                    </Stack>
                    <LinearProgress variant="determinate" value={(p.companies / maxCompanies) * 100} sx={{ mt: 0.5, height: 6, borderRadius: 3 }} />
                  </Box>
                ))}
              </Stack>
            </CardContent>
          </Card>
          <Card variant="outlined">
            <CardContent>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                {translate('platform_dashboard.recent')}
              </Typography>
              {data.recent_companies.length ? (
                <List dense>
                  {data.recent_companies.map((c) => (
                    <ListItem key={c.id} disableGutters secondaryAction={<Chip size="small" label={c.package_name ?? c.subscription_plan} />}>
                      <ListItemText primary={c.company_name} secondary={`${c.company_code} · ${format.dateTime(c.created_at)}`} />
                    </ListItem>
                  ))}
                </List>
              ) : (
                <Typography color="text.secondary" sx={{ mt: 1 }}>
                  {translate('platform_dashboard.no_companies')}
                </Typography>
              )}
            </CardContent>
          </Card>
        </Box>
      )}
    </>
  );
}
