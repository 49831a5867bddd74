import { useMemo } from 'react';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { SchemaResource } from '../../schema/SchemaResource';
import type { ReportInfo } from './report';
import { subscriptionsConfig } from './subscriptionsConfig';

/** The company's scheduled reports (company admins): what goes to whom how often, added, changed and deleted here. */
export default function ScheduledReports({ reports }: { reports: ReportInfo[] }) {
  const translate = useTranslate();
  const user = useSession().user;
  // the first recipient is the signed-in admin; the platform's operator, impersonating, is not one of the company's users
  const email = user?.role === 'superadmin' ? undefined : user?.email;
  const config = useMemo(() => subscriptionsConfig(reports, email), [reports, email]);
  return (
    <Card variant="outlined" sx={{ contain: 'inline-size' }} data-testid="scheduled-reports">
      <CardContent>
        {/* above the list, not in its toolbar: react-admin shows no toolbar while the list is empty */}
        <Box sx={{ mb: 1 }}>
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {translate('reports.scheduled.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('reports.scheduled.subtitle')}
          </Typography>
        </Box>
        <SchemaResource config={config} />
      </CardContent>
    </Card>
  );
}
