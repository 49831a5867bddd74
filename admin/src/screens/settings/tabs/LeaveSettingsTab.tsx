import { useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { LeavePoliciesPanel } from '../leave/LeavePoliciesPanel';
import { LeaveTypesPanel } from '../leave/LeaveTypesPanel';
import { TabCard } from './TabCard';

type LeaveTab = 'types' | 'policies';

/** Settings → Leave Settings: Leave Types and Leave Policies, persisted per company. */
export default function LeaveSettingsTab() {
  const translate = useTranslate();
  const [tab, setTab] = useState<LeaveTab>('types');
  return (
    <TabCard title={translate('settings.leave.title')}>
      <Tabs value={tab} onChange={(_, value: LeaveTab) => setTab(value)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="types" label={translate('settings.leave.types')} />
        <Tab value="policies" label={translate('settings.leave.policies')} />
      </Tabs>
      <Box role="tabpanel">{tab === 'types' ? <LeaveTypesPanel /> : <LeavePoliciesPanel />}</Box>
    </TabCard>
  );
}
