import './messages.en';
import { Box, Tab } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { DashboardTab } from './DashboardTab';
import { TasksTab } from './TasksTab';
import { TemplatesTab } from './TemplatesTab';

type TabKey = 'dashboard' | 'tasks' | 'templates';
const TABS: TabKey[] = ['dashboard', 'tasks', 'templates'];

/** /hr/operational-monitoring (hr.md 2): a Dashboard tab of task metrics, a Tasks tab and the task templates. */
export default function OperationalMonitoringScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && TABS.includes(requested) ? requested : 'dashboard';

  return (
    <>
      <PageHeader title={translate('screens.operational_monitoring')} subtitle={translate('monitoring.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <ScreenTabs
          value={tab}
          onChange={(_, value: TabKey) => setParams(value === 'dashboard' ? {} : { tab: value }, { replace: true })}
        >
          <Tab value="dashboard" label={translate('monitoring.tabs.dashboard')} />
          <Tab value="tasks" label={translate('monitoring.tabs.tasks')} />
          <Tab value="templates" label={translate('monitoring.tabs.templates')} />
        </ScreenTabs>
      </Box>
      {tab === 'dashboard' ? <DashboardTab /> : tab === 'tasks' ? <TasksTab /> : <TemplatesTab />}
    </>
  );
}
