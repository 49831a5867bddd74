import './messages.en';
import { Box, Tab } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { ApprovalsTab } from './ApprovalsTab';
import { AttendanceTab } from './AttendanceTab';
import { CalendarTab } from './CalendarTab';
import { TodayTab } from './TodayTab';

const TABS = ['today', 'approvals', 'calendar', 'attendance'] as const;
type TabKey = (typeof TABS)[number];

/**
 * /hr/team (My Team): the people the user covers — a line manager's team, a department, or for an
 * admin the company — with today's attendance, the leave requests waiting for a decision, the
 * month's leave and the attendance records. The server decides whom each list holds.
 */
export default function TeamScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && TABS.includes(requested) ? requested : 'today';

  return (
    <>
      <PageHeader title={translate('screens.team')} subtitle={translate('team.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <ScreenTabs value={tab} onChange={(_, value: TabKey) => setParams(value === 'today' ? {} : { tab: value }, { replace: true })}>
          {TABS.map((key) => (
            <Tab key={key} value={key} label={translate(`team.tabs.${key}`)} />
          ))}
        </ScreenTabs>
      </Box>
      {tab === 'today' && <TodayTab />}
      {tab === 'approvals' && <ApprovalsTab />}
      {tab === 'calendar' && <CalendarTab />}
      {tab === 'attendance' && <AttendanceTab />}
    </>
  );
}
