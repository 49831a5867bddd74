import '../attendance/messages.en';
import { Box, Button, Tab } from '@mui/material';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import { useFormContext } from 'react-hook-form';
import { useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { shiftAssignments, shifts, workLocations } from '../../resources/shift-roster';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaInput } from '../../schema/inputs';
import { SchemaResource } from '../../schema/SchemaResource';

type TabKey = 'shifts' | 'locations' | 'assignments';
const TABS: TabKey[] = ['shifts', 'locations', 'assignments'];

/** Fills latitude and longitude with the device's position. */
const UseHereButton = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { setValue } = useFormContext();
  const locate = () => {
    if (!('geolocation' in navigator)) {
      notify(translate('attendance.messages.geo_unsupported'), { type: 'error' });
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setValue('latitude', Number(pos.coords.latitude.toFixed(6)), { shouldDirty: true, shouldValidate: true });
        setValue('longitude', Number(pos.coords.longitude.toFixed(6)), { shouldDirty: true, shouldValidate: true });
      },
      (e) => notify(translate('attendance.messages.geo_failed', { reason: e.message }), { type: 'error' }),
      { enableHighAccuracy: true, maximumAge: 0, timeout: 10000 },
    );
  };
  return (
    <Button startIcon={<MyLocationIcon />} onClick={locate} sx={{ mb: 1 }}>
      {translate('shift_roster.use_here')}
    </Button>
  );
};

const locations: ResourceConfig = {
  ...workLocations,
  inputs: {
    longitude: (field: FieldDescriptor) => (
      <>
        <SchemaInput resource={workLocations.name} field={field} />
        <UseHereButton />
      </>
    ),
  },
};

const CONFIGS: Record<TabKey, ResourceConfig> = { shifts, locations, assignments: shiftAssignments };

/** /hr/shift-roster (hr.md 2): Shifts, Locations and Assignments, each a generated screen of its collection. */
export default function ShiftRosterScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab') as TabKey | null;
  const tab: TabKey = requested && TABS.includes(requested) ? requested : 'shifts';

  return (
    <>
      <PageHeader title={translate('screens.shift_roster')} subtitle={translate('shift_roster.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <ScreenTabs value={tab} onChange={(_, value: TabKey) => setParams(value === 'shifts' ? {} : { tab: value }, { replace: true })}>
          {TABS.map((key) => (
            <Tab key={key} value={key} label={translate(`shift_roster.tabs.${key}`)} />
          ))}
        </ScreenTabs>
      </Box>
      <SchemaResource key={tab} config={CONFIGS[tab]} />
    </>
  );
}
