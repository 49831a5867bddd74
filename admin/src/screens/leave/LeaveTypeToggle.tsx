import './messages.en';
import { Switch, Tooltip } from '@mui/material';
import { useNotify, useTranslate, useUpdate, type RaRecord } from 'react-admin';
import { leaveTypes } from '../../resources/settings';
import { resourceSchema, useRights } from '../../schema/schema';

/**
 * A leave type's on/off switch (hr.md 4, Leave Management: "the activate/deactivate toggle of a
 * leave type is visible to everyone who sees the list"): saved at once by the server; only those
 * who may edit leave types can flip it, the others see its state.
 */
export const LeaveTypeToggle = ({ type, onChanged }: { type: RaRecord & { is_active?: boolean; type_name?: string }; onChanged: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const rights = useRights(resourceSchema(leaveTypes.name));
  const [update, { isPending }] = useUpdate();
  const toggle = async () => {
    try {
      await update(leaveTypes.name, { id: type.id, data: { is_active: !type.is_active }, previousData: type }, { mutationMode: 'pessimistic', returnPromise: true });
      notify('leave.settings.type_toggled', { type: 'success' });
      onChanged();
    } catch {
      notify('leave.settings.toggle_failed', { type: 'error' });
    }
  };
  const label = `${translate('leave.settings.is_active')} ${type.type_name ?? ''}`.trim();
  const control = (
    <Switch
      size="small"
      checked={!!type.is_active}
      disabled={!rights.edit || isPending}
      onClick={(e) => e.stopPropagation()}
      onChange={toggle}
      slotProps={{ input: { 'aria-label': label } }}
      data-testid="leave-type-toggle"
    />
  );
  return rights.edit ? control : <Tooltip title={translate(type.is_active ? 'leave.types.active' : 'leave.types.inactive')}><span>{control}</span></Tooltip>;
};
