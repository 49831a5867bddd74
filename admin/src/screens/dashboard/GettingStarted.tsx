import {
  Box,
  Button,
  Card,
  CardContent,
  Grid,
  LinearProgress,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import ChecklistIcon from '@mui/icons-material/Checklist';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import type { components } from '../../../../openapi/schema';
import { canOpen, type ProtectedPath } from '../../access';
import { useSession } from '../../auth/useSession';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';

type GettingStartedState = components['schemas']['GettingStartedDto'];
type StepKey = GettingStartedState['steps'][number]['key'];

/** Where each step is done: the screen to open, and the route whose access rule decides whether the link shows. */
const STEP_LINKS: Record<StepKey, { to: string; route: ProtectedPath }> = {
  departments: { to: '/hr/departments', route: '/hr/departments' },
  positions: { to: '/hr/positions', route: '/hr/positions' },
  location_and_shift: { to: '/hr/shift-roster', route: '/hr/shift-roster' },
  invite_employees: { to: '/hr/employees', route: '/hr/employees' },
  leave_policy: { to: '/settings/leave', route: '/settings' },
  payroll_settings: { to: '/hr/payroll?tab=settings', route: '/hr/payroll' },
};

const useGettingStarted = () => {
  const session = useSession();
  const queryKey = ['dashboard', 'getting-started', session.user?.company_id ?? null, session.token];
  const query = useQuery({
    queryKey,
    queryFn: () => apiData(client.GET('/api/dashboard/getting-started')),
    // the checklist is extra help: a failure leaves the dashboard as it was
    retry: false,
  });
  const queryClient = useQueryClient();
  const notify = useNotify();
  const translate = useTranslate();
  const save = useMutation({
    mutationFn: (dismissed: boolean) => apiAnswer(client.PUT('/api/dashboard/getting-started', { body: { dismissed } })),
    onSuccess: ({ data }) => queryClient.setQueryData(queryKey, data),
    onError: (error, dismissed) =>
      notify(errorMessage(error, translate(dismissed ? 'company_dashboard.getting_started.hide_failed' : 'company_dashboard.getting_started.show_failed')), {
        type: 'error',
      }),
  });
  return { state: query.data, save };
};

/**
 * The company admin's getting-started checklist on the dashboard (a row of the dashboard's grid) (GET /api/dashboard/getting-started):
 * departments → positions → work location and shift → invite employees → leave policy → payroll
 * settings, each ticked from the company's data and linking to where it is done. Hidden once every
 * step is done, or when the admin hides it (kept per admin by the server); "Show getting started"
 * (GettingStartedToggle) brings it back.
 */
export function GettingStartedCard() {
  const translate = useTranslate();
  const session = useSession();
  const { state, save } = useGettingStarted();
  if (!state || state.dismissed || state.all_done || state.total === 0) return null;

  const t = (key: string, options?: Record<string, unknown>) => translate(`company_dashboard.getting_started.${key}`, options);
  return (
    <Grid size={12}>
      <Card variant="outlined" data-testid="getting-started" component="section" aria-labelledby="getting-started-title">
        <CardContent>
          <Stack direction="row" spacing={1.5} alignItems="flex-start" justifyContent="space-between">
            <Stack direction="row" spacing={1.5} alignItems="center" sx={{ minWidth: 0 }}>
              <ChecklistIcon color="primary" />
              <Box sx={{ minWidth: 0 }}>
                <Typography id="getting-started-title" variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                  {t('title')}
                </Typography>
                <Typography variant="body2" color="text.secondary" data-testid="getting-started-progress">
                  {t('progress', { done: state.done_count, total: state.total })}
                </Typography>
              </Box>
            </Stack>
            <Button size="small" onClick={() => save.mutate(true)} disabled={save.isPending} aria-label={t('hide_label')} sx={{ flexShrink: 0 }}>
              {t('hide')}
            </Button>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={(100 * state.done_count) / state.total}
            aria-label={t('progress', { done: state.done_count, total: state.total })}
            sx={{ my: 1.5, height: 6, borderRadius: 3 }}
          />
          <Typography variant="body2" color="text.secondary">
            {t('intro')}
          </Typography>
          <List disablePadding sx={{ mt: 1 }}>
            {state.steps.map((step) => {
              const link = STEP_LINKS[step.key];
              const title = t(`steps.${step.key}.title`);
              return (
                <ListItem
                  key={step.key}
                  disableGutters
                  data-testid={`getting-started-${step.key}`}
                  data-done={step.done}
                  sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 1, py: 0.75 }}
                >
                  <ListItemIcon sx={{ minWidth: 36 }}>
                    {step.done ? (
                      <CheckCircleIcon color="success" titleAccess={t('done')} />
                    ) : (
                      <RadioButtonUncheckedIcon color="disabled" />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={title}
                    secondary={t(`steps.${step.key}.hint`)}
                    sx={{ flex: '1 1 12rem', minWidth: 0, m: 0 }}
                    slotProps={{
                      primary: { sx: step.done ? { textDecoration: 'line-through', color: 'text.secondary' } : { fontWeight: 600 } },
                    }}
                  />
                  {!step.done && canOpen(link.route, session) && (
                    <Button component={RouterLink} to={link.to} size="small" variant="outlined" aria-label={`${t('open')}: ${title}`} sx={{ ml: { xs: 4.5, sm: 0 } }}>
                      {t('open')}
                    </Button>
                  )}
                </ListItem>
              );
            })}
          </List>
        </CardContent>
      </Card>
    </Grid>
  );
}

/** "Show getting started" while the admin has hidden an unfinished checklist. */
export function GettingStartedToggle() {
  const translate = useTranslate();
  const { state, save } = useGettingStarted();
  if (!state || !state.dismissed || state.all_done || state.total === 0) return null;
  return (
    <Button size="small" startIcon={<ChecklistIcon />} onClick={() => save.mutate(false)} disabled={save.isPending}>
      {translate('company_dashboard.getting_started.show')}
    </Button>
  );
}
