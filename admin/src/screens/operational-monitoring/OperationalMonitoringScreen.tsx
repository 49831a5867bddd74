import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { DashboardTab } from './DashboardTab';
import { TasksTab } from './TasksTab';

type TabKey = 'dashboard' | 'tasks';

/** /hr/operational-monitoring (hr.md 2): a Dashboard tab of task metrics and a Tasks tab. */
export default function OperationalMonitoringScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'tasks' ? 'tasks' : 'dashboard';

  return (
    <>
      <PageHeader title={translate('screens.operational_monitoring')} subtitle={translate('monitoring.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          onChange={(_, value: TabKey) => setParams(value === 'dashboard' ? {} : { tab: value }, { replace: true })}
        >
          <Tab value="dashboard" label={translate('monitoring.tabs.dashboard')} />
          <Tab value="tasks" label={translate('monitoring.tabs.tasks')} />
        </Tabs>
      </Box>
      {tab === 'dashboard' ? <DashboardTab /> : <TasksTab />}
    </>
  );
}
