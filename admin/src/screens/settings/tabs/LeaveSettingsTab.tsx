import '../screen.messages.en';
import '../../leave/messages.en';
import { useState } from 'react';
import { Box, Stack, Switch, Tab, Typography } from '@mui/material';
import { useNotify, useRefresh, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { holidays, leavePolicies, leaveTypes } from '../../../resources/settings';
import type { ResourceConfig } from '../../../schema/config';
import { resourceSchema, useRights } from '../../../schema/schema';
import { SchemaResource } from '../../../schema/SchemaResource';
import { TabCard } from './TabCard';
import { ScreenTabs } from '../../../layout/ScreenTabs';

type LeaveTab = 'types' | 'policies';

/** The list's active toggle of a leave type (hr.md 4: activate or deactivate without the form). */
const ActiveToggle = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const rights = useRights(resourceSchema(leaveTypes.name));
  const [update, { isPending }] = useUpdate();
  const toggle = async () => {
    try {
      await update(leaveTypes.name, { id: record.id, data: { is_active: !record.is_active }, previousData: record }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('leave.settings.type_toggled', { type: 'success' });
      refresh();
    } catch {
      notify('leave.settings.toggle_failed', { type: 'error' });
    }
  };
  return (
    <Switch
      size="small"
      checked={!!record.is_active}
      disabled={!rights.edit || isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': `${translate('leave.settings.is_active')} ${record.type_name}` } }}
    />
  );
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
