import './messages.en';
import { useMemo, useState } from 'react';
import { Box, Tab, Typography } from '@mui/material';
import { useTranslate, type RaRecord } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import type { components } from '../../../../openapi/schema';
import { PageHeader } from '../../layout/PageHeader';
import { ScreenTabs } from '../../layout/ScreenTabs';
import { bonusRules, kpiValues } from '../../resources/kpi';
import type { ResourceConfig } from '../../schema/config';
import { formatDecimal, useFormat } from '../../schema/format';
import { SchemaInput } from '../../schema/inputs';
import { useLabels } from '../../schema/schema';
import { CreateForm, EditForm, FormDialog } from '../../schema/SchemaResource';
import { BonusesTab } from './BonusesTab';
import { DashboardTab } from './DashboardTab';
import { KpiRowActions, KpisTab } from './KpisTab';
import { currentPeriod, type Period } from './period';
import { TargetRowActions, TargetsTab, targetsConfig } from './TargetsTab';

type Kpi = components['schemas']['KpiResponseDto'];
type Target = components['schemas']['KpiTargetResponseDto'];

const TABS = ['dashboard', 'kpis', 'targets', 'bonuses'] as const;
type TabKey = (typeof TABS)[number];

type Open = { kind: 'target'; kpi: Kpi } | { kind: 'rule'; kpi: Kpi } | { kind: 'value'; target: Target } | null;

/** A new target of a KPI starts on the KPI's current period; one of the Targets tab on the current month. */
const withTargetDefaults = (config: ResourceConfig, kpi?: Kpi): ResourceConfig => {
  const period = currentPeriod(kpi?.period_type);
  return {
    ...config,
    form: {
      ...config.form,
      defaults: { target_type: 'employee', period_start_date: period.start, period_end_date: period.end, ...(kpi ? { kpi_id: kpi.id } : {}) },
    },
  };
};

/**
 * Bonus Rule of a KPI: tiers from a minimum achievement to a fixed amount or a percent of the
 * monthly salary (the highest tier reached applies), and an optional cap per payment. Opens the
 * KPI's rule when it has one; a new one starts with one tier at 100 %.
 */
const RuleDialog = ({ kpi, onClose }: { kpi: Kpi; onClose: () => void }) => {
  const translate = useTranslate();
  const labels = useLabels(bonusRules.name);
  const config: ResourceConfig = {
    ...bonusRules,
    form: {
      ...bonusRules.form,
      defaults: { ...bonusRules.form?.defaults, kpi_id: kpi.id, name: translate('kpi_bonus.rule_form.default_name', { kpi: kpi.name }) },
    },
  };
  return (
    <FormDialog title={labels.text('create_title')} onClose={onClose}>
      <Typography sx={{ px: 2, pt: 2 }} color="text.secondary">
        {translate('kpi_bonus.rule_form.for_kpi', { name: `${kpi.name} (${kpi.code})` })}
      </Typography>
      {kpi.bonus_rule_id ? (
        <EditForm config={config} row={{ id: kpi.bonus_rule_id } as RaRecord} onDone={onClose} />
      ) : (
        <CreateForm config={config} onDone={onClose} />
      )}
    </FormDialog>
  );
};

/** Record actual value: the measured result of a manual KPI for the target's subject and period; a value already recorded is corrected in place. */
const ValueDialog = ({ target, onClose }: { target: Target; onClose: () => void }) => {
  const translate = useTranslate();
  const format = useFormat();
  const labels = useLabels(kpiValues.name);
  const config: ResourceConfig = {
    ...kpiValues,
    form: {
      ...kpiValues.form,
      defaults: {
        kpi_id: target.kpi_id,
        entity_type: target.target_type,
        entity_id: target.target_id,
        period_start_date: target.period_start_date,
        period_end_date: target.period_end_date,
      },
    },
    // the document gives the decimal as text; it is typed as a number like the other amounts
    inputs: { actual_value: (field) => <SchemaInput resource={kpiValues.name} field={{ ...field, kind: 'number', rules: { ...field.rules, step: 0.01 } }} /> },
  };
  return (
    <FormDialog title={labels.text('create_title')} onClose={onClose}>
      <Box sx={{ px: 2, pt: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>
          {translate('kpi_bonus.value_form.for', { kpi: target.kpi_name, subject: target.target_name ?? `#${target.target_id}` })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('kpi_bonus.value_form.period', { start: format.date(target.period_start_date), end: format.date(target.period_end_date) })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('kpi_bonus.value_form.target', { value: formatDecimal(target.target_value) })}
        </Typography>
      </Box>
      {target.value_id ? (
        <EditForm config={config} row={{ id: target.value_id } as RaRecord} onDone={onClose} />
      ) : (
        <CreateForm config={config} onDone={onClose} />
      )}
    </FormDialog>
  );
};

/**
 * /hr/kpi-bonus (hr.md 2): KPI & Bonus Management in four tabs. The Targets and Bonuses tabs share
 * one period; whatever is saved anywhere reloads what shows it.
 */
export default function KpiBonusScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabKey | null;
  const tab: TabKey = asked && TABS.includes(asked) ? asked : 'dashboard';
  const [period, setPeriod] = useState<Period>({ start: '', end: '' });
  const [open, setOpen] = useState<Open>(null);
  const targets = useMemo(() => withTargetDefaults(targetsConfig(period)), [period]);
  const kpiActions = useMemo(
    () => ({ onSetTarget: (kpi: Kpi) => setOpen({ kind: 'target', kpi }), onBonusRule: (kpi: Kpi) => setOpen({ kind: 'rule', kpi }) }),
    [],
  );
  const targetActions = useMemo(() => ({ onRecord: (target: Target) => setOpen({ kind: 'value', target }) }), []);
  const close = () => setOpen(null);
  const targetLabels = useLabels(targets.name);

  return (
    // one column that never grows past the page: a wide table scrolls inside its card on a phone
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader title={translate('screens.kpi_bonus')} subtitle={translate('kpi_bonus.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
        <ScreenTabs
          value={tab}
          onChange={(_, value: TabKey) => setParams(value === 'dashboard' ? {} : { tab: value }, { replace: true })}
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={translate(`kpi_bonus.tabs.${t}`)} />
          ))}
        </ScreenTabs>
      </Box>

      <KpiRowActions.Provider value={kpiActions}>
        <TargetRowActions.Provider value={targetActions}>
          {tab === 'dashboard' && <DashboardTab />}
          {tab === 'kpis' && <KpisTab />}
          {tab === 'targets' && <TargetsTab period={period} onPeriod={setPeriod} config={targets} />}
          {tab === 'bonuses' && <BonusesTab period={period} onPeriod={setPeriod} />}
        </TargetRowActions.Provider>
      </KpiRowActions.Provider>

      {open?.kind === 'target' && (
        <FormDialog title={targetLabels.text('create_title')} onClose={close}>
          <Typography sx={{ px: 2, pt: 2, fontWeight: 600 }} data-testid="target-kpi">
            {translate('kpi_bonus.rule_form.for_kpi', { name: open.kpi.name })}
          </Typography>
          <CreateForm config={withTargetDefaults(targets, open.kpi)} onDone={close} />
        </FormDialog>
      )}
      {open?.kind === 'rule' && <RuleDialog kpi={open.kpi} onClose={close} />}
      {open?.kind === 'value' && <ValueDialog target={open.target} onClose={close} />}
    </Box>
  );
}
