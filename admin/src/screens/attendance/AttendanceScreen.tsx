import './messages.en';
import { Box, Tab } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { AllEmployeesTab } from './AllEmployeesTab';
import { CheckTab } from './CheckTab';
import { HistoryTab } from './HistoryTab';
import { OverviewTab } from './OverviewTab';

type TabKey = 'overview' | 'history' | 'check' | 'all';

/** /hr/attendance (hr.md 2): Overview, History, Check In/Out, and for admins every employee's records. */
export default function AttendanceScreen() {
  const translate = useTranslate();
  const role = useSession().user?.role;
  const admin = role === 'company_admin' || role === 'superadmin';
  const [params, setParams] = useSearchParams();
  const tabs: TabKey[] = admin ? ['overview', 'history', 'check', 'all'] : ['overview', 'history', 'check'];
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && tabs.includes(requested) ? requested : 'overview';

  return (
    <>
      <PageHeader title={translate('screens.attendance')} subtitle={translate('attendance.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <ScreenTabs
          value={tab}
          onChange={(_, value: TabKey) => setParams(value === 'overview' ? {} : { tab: value }, { replace: true })}
        >
          {tabs.map((key) => (
            <Tab key={key} value={key} label={translate(`attendance.tabs.${key}`)} />
          ))}
        </ScreenTabs>
      </Box>
      {tab === 'overview' && <OverviewTab />}
      {tab === 'history' && <HistoryTab />}
      {tab === 'check' && <CheckTab />}
      {tab === 'all' && <AllEmployeesTab />}
    </>
  );
}
