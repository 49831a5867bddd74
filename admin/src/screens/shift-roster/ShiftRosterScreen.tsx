import { useMemo } from 'react';
import { Box, LinearProgress, Tab, Tabs } from '@mui/material';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { LoadError } from '../../layout/LoadError';
import { PageHeader } from '../../layout/PageHeader';
import { useLoad } from '../attendance/useAttendanceData';
import { rosterApi, type Shift, type WorkLocation } from './api';
import { assignmentsConfig, locationsConfig, shiftsConfig } from './configs';
import { RosterTab } from './RosterTab';

type TabKey = 'shifts' | 'locations' | 'assignments';
const TABS: TabKey[] = ['shifts', 'locations', 'assignments'];

const AssignmentsTab = () => {
  const translate = useTranslate();
  const { data, loading, error, reload } = useLoad(async () => {
    const [employees, shifts, locations] = await Promise.all([
      rosterApi.employees(),
      rosterApi.list<Shift>('shifts'),
      rosterApi.list<WorkLocation>('work-locations'),
    ]);
    return { employees, shifts, locations };
  });
  const config = useMemo(() => (data ? assignmentsConfig(translate, data) : null), [data, translate]);
  if (loading && !data) return <LinearProgress />;
  if (error || !config) return <LoadError onRetry={reload}>{translate('shift_roster.load_failed')}</LoadError>;
  return <RosterTab config={config} />;
};

/** /hr/shift-roster (hr.md 2): Shifts, Locations and Assignments, persisted on the server. */
export default function ShiftRosterScreen() {
  const translate = useTranslate();
  const notify = useNotify();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && TABS.includes(requested) ? requested : 'shifts';
  const shifts = useMemo(() => shiftsConfig(translate), [translate]);
  const locations = useMemo(() => locationsConfig(translate, (reason) => notify(reason, { type: 'error' })), [translate, notify]);

  return (
    <>
      <PageHeader title={translate('screens.shift_roster')} subtitle={translate('shift_roster.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs value={tab} variant="scrollable" allowScrollButtonsMobile onChange={(_, value: TabKey) => setParams(value === 'shifts' ? {} : { tab: value }, { replace: true })}>
          {TABS.map((key) => (
            <Tab key={key} value={key} label={translate(`shift_roster.tabs.${key}`)} />
          ))}
        </Tabs>
      </Box>
      {tab === 'shifts' && <RosterTab config={shifts} />}
      {tab === 'locations' && <RosterTab config={locations} />}
      {tab === 'assignments' && <AssignmentsTab />}
    </>
  );
}
