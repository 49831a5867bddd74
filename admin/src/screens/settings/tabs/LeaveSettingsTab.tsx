import { useState } from 'react';
import { Alert, Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { TabCard } from './TabCard';

type LeaveTab = 'types' | 'policies';

/** Settings → Leave Settings: Leave Types and Leave Policies (filled in by the leave module). */
export default function LeaveSettingsTab() {
  const translate = useTranslate();
  const [tab, setTab] = useState<LeaveTab>('types');
  return (
    <TabCard title={translate('settings.leave.title')}>
      <Tabs value={tab} onChange={(_, value: LeaveTab) => setTab(value)} sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Tab value="types" label={translate('settings.leave.types')} />
        <Tab value="policies" label={translate('settings.leave.policies')} />
      </Tabs>
      <Box role="tabpanel">
        <Alert severity="info">
          {translate(tab === 'types' ? 'settings.leave.pending_types' : 'settings.leave.pending_policies')}
        </Alert>
      </Box>
    </TabCard>
  );
}
