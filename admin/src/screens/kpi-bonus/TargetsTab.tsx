import { createContext, useContext, useEffect } from 'react';
import { Box, IconButton, LinearProgress, Tooltip, Typography } from '@mui/material';
import FunctionsIcon from '@mui/icons-material/Functions';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { useGetManyAggregate, useTranslate, type RaRecord } from 'react-admin';
import { useFormContext, useWatch } from 'react-hook-form';
import type { components } from '../../../../openapi/schema';
import { kpiTargets } from '../../resources/kpi';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { formatDecimal, formatPercent, useFormat } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { useLabels } from '../../schema/schema';
import { StatusChip } from '../../schema/StatusChip';
import { SchemaResource } from '../../schema/SchemaResource';
import { CalculateBonusesButton, CalculateValuesButton } from './CalculateButtons';
import type { Period } from './period';
import { PeriodInputs } from './PeriodInputs';

type Target = components['schemas']['KpiTargetResponseDto'];
type Kpi = components['schemas']['KpiResponseDto'];

const SUBJECTS: Record<string, string> = { employee: 'hr/employees', department: 'hr/departments', position: 'hr/positions' };

/** hr.md 2: missing values show N/A. */
const OrNA = ({ value, testId }: { value: string | null; testId: string }) => {
  const translate = useTranslate();
  return (
    <Typography component="span" variant="body2" data-testid={testId} color={value === null ? 'text.secondary' : undefined} sx={{ whiteSpace: 'nowrap' }}>
      {value ?? translate('kpi_bonus.not_available')}
    </Typography>
  );
};

/** hr.md 9: green at 100 % or more, yellow at 75 % or more, red below. */
const achievementColor = (value: number): 'success' | 'warning' | 'error' => (value >= 100 ? 'success' : value >= 75 ? 'warning' : 'error');

export const AchievementBar = ({ value, testId = 'achievement' }: { value: number | null | undefined; testId?: string }) => {
  if (value === null || value === undefined) return <OrNA value={null} testId={testId} />;
  const color = achievementColor(value);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 110 }} data-testid={testId} data-color={color}>
      <LinearProgress
        variant="determinate"
        value={Math.min(100, Math.max(0, value))}
        color={color}
        sx={{ flex: 1, height: 8, borderRadius: 4 }}
        aria-label={formatPercent(value)}
      />
      <Typography variant="caption" sx={{ minWidth: 36, textAlign: 'right' }}>
        {formatPercent(value)}
      </Typography>
    </Box>
  );
};

const SubjectCell = ({ record }: { record: RaRecord }) => {
  const labels = useLabels(kpiTargets.name);
  const t = record as Target;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t.target_name ?? `#${t.target_id}`}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="div">
        {labels.choice('target_type', t.target_type)} · {t.kpi_name}
      </Typography>
    </Box>
  );
};

const PeriodCell = ({ record }: { record: RaRecord }) => {
  const format = useFormat();
  const t = record as Target;
  return (
    <Typography variant="body2" component="span" sx={{ display: 'block', minWidth: 96 }}>
      {format.date(t.period_start_date)} – {format.date(t.period_end_date)}
    </Typography>
  );
};

const TargetValueCell = ({ record }: { record: RaRecord }) => (
  <Typography variant="body2" component="span" data-testid="target-value" sx={{ whiteSpace: 'nowrap' }}>
    {formatDecimal((record as Target).target_value)}
  </Typography>
);

const ActualValueCell = ({ record }: { record: RaRecord }) => {
  const value = (record as Target).actual_value;
  return <OrNA value={value === null ? null : formatDecimal(value)} testId="actual-value" />;
};

const BonusCell = ({ record }: { record: RaRecord }) => {
  const format = useFormat();
  const value = (record as Target).calculated_bonus;
  return <OrNA value={value === null ? null : format.money(value)} testId="calculated-bonus" />;
};

const ResultCell = ({ record }: { record: RaRecord }) => {
  const labels = useLabels(kpiTargets.name);
  const achieved = (record as Target).achieved;
  return (
    <Box component="span" data-testid="target-result">
      <StatusChip value={achieved ? 'yes' : 'no'} label={labels.choice('achieved', String(achieved))} />
    </Box>
  );
};

/** What a target's row offers beyond Edit and Delete: Record actual value for a manual KPI. */
export const TargetRowActions = createContext<{ onRecord: (target: Target) => void }>({ onRecord: () => undefined });

const RowActions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { onRecord } = useContext(TargetRowActions);
  const target = record as Target;
  const { data } = useGetManyAggregate<Kpi & RaRecord>('kpi/kpis', { ids: [target.kpi_id] });
  const source = data?.[0]?.data_source_type;
  const recordValue = translate('kpi_bonus.targets.record_value');
  const computed = translate('kpi_bonus.targets.computed');
  // icons with their words as tooltip and name: the action column stays inside a 1440 px desktop
  if (source === 'manual')
    return (
      <Tooltip title={recordValue}>
        <IconButton size="small" color="primary" aria-label={recordValue} onClick={() => onRecord(target)}>
          <EditNoteIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    );
  if (source)
    return (
      <Tooltip title={computed}>
        <FunctionsIcon fontSize="small" color="disabled" aria-label={computed} sx={{ mx: 0.5 }} />
      </Tooltip>
    );
  return null;
};

/** Whom the target is for: an employee, department or position, searched on the server by the chosen type. */
const SubjectInput = ({ field }: { field: FieldDescriptor }) => {
  const type = useWatch({ name: 'target_type' }) as string | undefined;
  const { setValue, getFieldState } = useFormContext();
  useEffect(() => {
    if (getFieldState('target_type').isDirty) setValue('target_id', null);
  }, [type, setValue, getFieldState]);
  const reference = SUBJECTS[type ?? 'employee'] ?? SUBJECTS.employee;
  return (
    <SchemaInput
      key={reference}
      resource={kpiTargets.name}
      source="target_id"
      field={{ ...field, source: `subject_${type ?? 'employee'}`, kind: 'reference', reference }}
    />
  );
};

export const targetsConfig = (period: Period): ResourceConfig => ({
  ...kpiTargets,
  list: {
    ...kpiTargets.list,
    filter: { ...(period.start ? { period_start: period.start } : {}), ...(period.end ? { period_end: period.end } : {}) },
  },
  cells: {
    target_name: SubjectCell,
    period_start_date: PeriodCell,
    target_value: TargetValueCell,
    actual_value: ActualValueCell,
    achievement_percentage: ({ record }) => <AchievementBar value={(record as Target).achievement_percentage} />,
    calculated_bonus: BonusCell,
    achieved: ResultCell,
  },
  rowActions: RowActions,
  inputs: { target_id: (field) => <SubjectInput field={field} /> },
});

/**
 * The Targets tab (hr.md 2): period dates, Calculate Bonuses (both dates needed), Calculate values
 * for the computed KPIs, New Target; per target its progress, bonus and result, and for a manual
 * KPI "Record actual value".
 */
export const TargetsTab = ({ period, onPeriod, config }: { period: Period; onPeriod: (period: Period) => void; config: ResourceConfig }) => (
  <SchemaResource
    config={config}
    actions={
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', flexGrow: 1 }}>
        <PeriodInputs period={period} onChange={onPeriod} />
        <CalculateBonusesButton period={period} />
        <CalculateValuesButton period={period} />
      </Box>
    }
  />
);
