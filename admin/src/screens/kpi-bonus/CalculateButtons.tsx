import { useState, type ReactNode } from 'react';
import { Button, CircularProgress, Tooltip } from '@mui/material';
import CalculateIcon from '@mui/icons-material/Calculate';
import FunctionsIcon from '@mui/icons-material/Functions';
import { useNotify, useRefresh, useTranslate } from 'react-admin';
import { apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { useFormat } from '../../schema/format';
import type { Period } from './period';

const body = (period: Period) => ({ period_start: period.start, period_end: period.end });

const complete = (period: Period) => !!period.start && !!period.end;

/** A button that needs both period dates (hr.md 5: Calculate Bonuses needs both period dates). */
const PeriodButton = ({
  period,
  label,
  icon,
  variant,
  run,
}: {
  period: Period;
  label: string;
  icon: ReactNode;
  variant: 'contained' | 'outlined';
  run: () => Promise<void>;
}) => {
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const ready = complete(period);
  return (
    <Tooltip title={ready ? '' : translate('kpi_bonus.targets.dates_needed')}>
      <span>
        <Button
          variant={variant}
          color="secondary"
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : icon}
          disabled={!ready || busy}
          onClick={async () => {
            setBusy(true);
            try {
              await run();
            } finally {
              setBusy(false);
            }
          }}
        >
          {label}
        </Button>
      </span>
    </Tooltip>
  );
};

/** POST /kpi/bonus-calculate for the chosen period; what shows the result reloads. */
export const CalculateBonusesButton = ({ period }: { period: Period }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const format = useFormat();
  return (
    <PeriodButton
      period={period}
      label={translate('kpi_bonus.targets.calculate_bonuses')}
      icon={<CalculateIcon />}
      variant="contained"
      run={async () => {
        try {
          const result = await apiData(client.POST('/api/kpi/bonus-calculate', { body: body(period) }));
          const calculated = translate('kpi_bonus.messages.bonuses_calculated', {
            smart_count: result.payments_created,
            amount: format.money(result.total_amount),
          });
          const kept = result.kept
            ? ` ${translate('kpi_bonus.messages.bonuses_kept', { smart_count: result.kept })}`
            : '';
          notify(`${calculated}${kept}`, { type: 'success' });
          refresh();
        } catch (error) {
          notify(errorMessage(error, translate('kpi_bonus.messages.calculate_failed')), { type: 'error' });
        }
      }}
    />
  );
};

/** POST /kpi/kpi-values/calculate: the values of the computed KPIs (attendance, tasks, leave) for the period. */
export const CalculateValuesButton = ({ period }: { period: Period }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  return (
    <PeriodButton
      period={period}
      label={translate('kpi_bonus.targets.calculate_values')}
      icon={<FunctionsIcon />}
      variant="outlined"
      run={async () => {
        try {
          const result = await apiData(client.POST('/api/kpi/kpi-values/calculate', { body: body(period) }));
          notify('kpi_bonus.messages.values_calculated', { type: 'success', messageArgs: { smart_count: result.values_count } });
          refresh();
        } catch (error) {
          notify(errorMessage(error, translate('kpi_bonus.messages.values_failed')), { type: 'error' });
        }
      }}
    />
  );
};
