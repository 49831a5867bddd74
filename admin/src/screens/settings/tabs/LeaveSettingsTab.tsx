import '../screen.messages.en';
import '../../leave/messages.en';
import { useState } from 'react';
import { Box, Stack, Tab, Typography } from '@mui/material';
import { useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { holidays, leavePolicies, leaveTypes } from '../../../resources/settings';
import type { ResourceConfig } from '../../../schema/config';
import { SchemaResource } from '../../../schema/SchemaResource';
import { TabCard } from './TabCard';
import { ScreenTabs } from '../../../layout/ScreenTabs';
import { LeaveTypeToggle } from '../../leave/LeaveTypeToggle';

type LeaveTab = 'types' | 'policies';

/** The list's active toggle of a leave type (hr.md 4: activate or deactivate without the form), the one Leave Management shows. */
const ActiveToggle = ({ record }: { record: RaRecord }) => {
  const refresh = useRefresh();
  return <LeaveTypeToggle type={record} onChanged={refresh} />;
};

const types: ResourceConfig = { ...leaveTypes, cells: { is_active: ActiveToggle } };

/** Settings → Leave Settings: Leave Types and Leave Policies (with the company's holidays), persisted per company. */
export default function LeaveSettingsTab() {
  const translate = useTranslate();
  const [tab, setTab] = useState<LeaveTab>('types');
  return (
    <TabCard title={translate('settings.leave.title')}>
      <ScreenTabs value={tab} onChange={(_, value: LeaveTab) => setTab(value)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="types" label={translate('settings.leave.types')} />
        <Tab value="policies" label={translate('settings.leave.policies')} />
      </ScreenTabs>
      <Box role="tabpanel" sx={{ minWidth: 0 }}>
        {tab === 'types' ? (
          <SchemaResource config={types} />
        ) : (
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <SchemaResource config={leavePolicies} />
            <SchemaResource
              config={holidays}
              title={
                <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                  {translate(`resources.${holidays.name}.title`)}
                </Typography>
              }
            />
          </Stack>
        )}
      </Box>
    </TabCard>
  );
}
