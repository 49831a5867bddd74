import './messages.en';
import { useCallback, useEffect, useState } from 'react';
import { Box, Button, CircularProgress, MenuItem, Tab, TextField } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { LoadError } from '../../layout/LoadError';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { fieldSize, touchTarget, usePhone } from '../../pwa/phone';
import { useSyncedReload } from '../../pwa/useSyncedReload';
import { leaveApi, type LeaveBalance, type LeaveRequest, type LeaveType } from './api';
import { BalancesTable } from './BalancesTable';
import { LeaveTypeCards } from './LeaveTypeCards';
import { QueuedRequests } from './QueuedRequests';
import { RequestLeaveDialog } from './RequestLeaveDialog';
import { RequestsTable } from './RequestsTable';
import { useLeaveRights } from './useLeaveRights';

type TabKey = 'requests' | 'balances';
const STATUSES = ['pending', 'approved', 'rejected', 'cancelled'] as const;

interface Data {
  types: LeaveType[];
  requests: LeaveRequest[];
  balances: LeaveBalance[];
  mine: LeaveBalance[] | null;
}

/**
 * /hr/leave (hr.md 2 Leave Management): type cards, the requests (everyone's for leave managers,
 * one's own otherwise) with approve/reject/cancel, balances, and the Request Leave modal.
 */
export default function LeaveScreen() {
  const translate = useTranslate();
  const rights = useLeaveRights();
  const size = fieldSize(usePhone());
  const [params, setParams] = useSearchParams();
  const tab: TabKey = params.get('tab') === 'balances' ? 'balances' : 'requests';
  const [status, setStatus] = useState('');
  const [year, setYear] = useState(new Date().getFullYear());
  const [data, setData] = useState<Data | null>(null);
  const [failed, setFailed] = useState(false);
  const [requesting, setRequesting] = useState(false);

  const load = useCallback(async () => {
    setFailed(false);
    try {
      const [types, requests, balances, mine] = await Promise.all([
        leaveApi.types(),
        leaveApi.requests(status ? { status } : {}),
        leaveApi.balances({ year }),
        rights.employeeId ? leaveApi.balances({ mine: true }) : Promise.resolve(null),
      ]);
      setData({ types, requests, balances, mine });
    } catch {
      setFailed(true);
    }
  }, [status, year, rights.employeeId]);

  useEffect(() => {
    void load();
  }, [load]);
  useSyncedReload(load);

  const years = Array.from({ length: 5 }, (_, i) => new Date().getFullYear() - 2 + i);

  return (
    <>
      <PageHeader
        title={translate('screens.leave')}
        subtitle={translate(rights.canDecide ? 'leave.subtitle' : 'leave.my_subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setRequesting(true)} disabled={!data} sx={touchTarget}>
            {translate('leave.request_leave')}
          </Button>
        }
      />
      {failed && (
        <LoadError onRetry={load} sx={{ mb: 2 }}>
          {translate('leave.messages.load_failed')}
        </LoadError>
      )}
      {!data && !failed && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label="loading" />
        </Box>
      )}
      {data && (
        <>
          <LeaveTypeCards types={data.types.filter((t) => t.is_active || rights.admin)} balances={data.mine} onChanged={load} />
          <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
            <ScreenTabs value={tab} onChange={(_, value: TabKey) => setParams(value === 'requests' ? {} : { tab: value }, { replace: true })} sx={{ flexGrow: 1 }}>
              <Tab value="requests" label={translate('leave.tabs.requests')} />
              <Tab value="balances" label={translate('leave.tabs.balances')} />
            </ScreenTabs>
            {tab === 'requests' ? (
              <TextField select size={size} label={translate('leave.requests.status_filter')} value={status} onChange={(e) => setStatus(e.target.value)} sx={{ minWidth: 160, mb: 1 }}>
                <MenuItem value="">{translate('leave.requests.all')}</MenuItem>
                {STATUSES.map((s) => (
                  <MenuItem key={s} value={s}>
                    {translate(`leave.status.${s}`)}
                  </MenuItem>
                ))}
              </TextField>
            ) : (
              <TextField select size={size} label={translate('leave.balances.year')} value={year} onChange={(e) => setYear(Number(e.target.value))} sx={{ minWidth: 120, mb: 1 }}>
                {years.map((y) => (
                  <MenuItem key={y} value={y}>
                    {y}
                  </MenuItem>
                ))}
              </TextField>
            )}
          </Box>
          {tab === 'requests' && <QueuedRequests types={data.types} />}
          {tab === 'requests' ? (
            <RequestsTable
              requests={data.requests}
              showEmployee={rights.canDecide}
              canDecide={rights.canDecide}
              employeeId={rights.employeeId}
              onChanged={load}
            />
          ) : (
            <BalancesTable balances={data.balances} showEmployee={rights.canDecide} />
          )}
        </>
      )}
      {requesting && data && (
        <RequestLeaveDialog
          types={data.types}
          onClose={() => setRequesting(false)}
          onSubmitted={() => {
            setRequesting(false);
            void load();
          }}
        />
      )}
    </>
  );
}
