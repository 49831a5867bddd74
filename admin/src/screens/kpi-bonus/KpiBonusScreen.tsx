import { useMemo, useState } from 'react';
import { Box, Tab, Tabs } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import type { Kpi, Period, Target } from './api';
import { BonusesTab } from './BonusesTab';
import { BonusRuleDialog } from './BonusRuleDialog';
import { DashboardTab } from './DashboardTab';
import { KpiDialog } from './KpiDialog';
import { KpisTab } from './KpisTab';
import { RecordValueDialog } from './RecordValueDialog';
import { TargetDialog } from './TargetDialog';
import { TargetsTab } from './TargetsTab';
import { useAllKpis } from './useKpis';

const TABS = ['dashboard', 'kpis', 'targets', 'bonuses'] as const;
type TabKey = (typeof TABS)[number];

type Open =
  | { kind: 'kpi'; kpi: Kpi | null }
  | { kind: 'target'; kpi: Kpi | null; target: Target | null }
  | { kind: 'rule'; kpi: Kpi }
  | { kind: 'value'; target: Target }
  | null;

/**
 * /hr/kpi-bonus (hr.md 2): KPI & Bonus Management in four tabs. The Targets and Bonuses tabs share
 * one period; whatever is saved anywhere reloads what shows it (`version`).
 */
export default function KpiBonusScreen() {
  const translate = useTranslate();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as TabKey | null;
  const tab: TabKey = asked && TABS.includes(asked) ? asked : 'dashboard';
  const [period, setPeriod] = useState<Period>({ start: '', end: '' });
  const [version, setVersion] = useState(0);
  const [open, setOpen] = useState<Open>(null);
  const { kpis, reload: reloadKpis } = useAllKpis();
  const kpisById = useMemo(() => new Map((kpis ?? []).map((k) => [k.id, k])), [kpis]);

  const changed = () => setVersion((v) => v + 1);
  const saved = (kpisChanged: boolean) => () => {
    setOpen(null);
    if (kpisChanged) void reloadKpis();
    changed();
  };

  return (
    // one column that never grows past the page: a wide table scrolls inside its card on a phone
    <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <PageHeader title={translate('screens.kpi_bonus')} subtitle={translate('kpi_bonus.subtitle')} />
      <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}>
        <Tabs
          value={tab}
          variant="scrollable"
          allowScrollButtonsMobile
          onChange={(_, value: TabKey) => setParams(value === 'dashboard' ? {} : { tab: value }, { replace: true })}
        >
          {TABS.map((t) => (
            <Tab key={t} value={t} label={translate(`kpi_bonus.tabs.${t}`)} />
          ))}
        </Tabs>
      </Box>

      {tab === 'dashboard' && <DashboardTab version={version} />}
      {tab === 'kpis' && (
        <KpisTab
          version={version}
          onNew={() => setOpen({ kind: 'kpi', kpi: null })}
          onEdit={(kpi) => setOpen({ kind: 'kpi', kpi })}
          onSetTarget={(kpi) => setOpen({ kind: 'target', kpi, target: null })}
          onBonusRule={(kpi) => setOpen({ kind: 'rule', kpi })}
        />
      )}
      {tab === 'targets' && (
        <TargetsTab
          period={period}
          onPeriod={setPeriod}
          kpis={kpisById}
          version={version}
          onNew={() => setOpen({ kind: 'target', kpi: null, target: null })}
          onEdit={(target) => setOpen({ kind: 'target', kpi: kpisById.get(target.kpi_id) ?? null, target })}
          onRecord={(target) => setOpen({ kind: 'value', target })}
          onChanged={changed}
        />
      )}
      {tab === 'bonuses' && <BonusesTab period={period} onPeriod={setPeriod} version={version} onChanged={changed} />}

      {open?.kind === 'kpi' && <KpiDialog kpi={open.kpi} onClose={() => setOpen(null)} onSaved={saved(true)} />}
      {open?.kind === 'target' && (
        <TargetDialog kpis={kpis} kpi={open.kpi} target={open.target} onClose={() => setOpen(null)} onSaved={saved(true)} />
      )}
      {open?.kind === 'rule' && <BonusRuleDialog kpi={open.kpi} onClose={() => setOpen(null)} onSaved={saved(true)} />}
      {open?.kind === 'value' && (
        <RecordValueDialog
          target={open.target}
          unit={kpisById.get(open.target.kpi_id)?.unit ?? null}
          onClose={() => setOpen(null)}
          onSaved={saved(false)}
        />
      )}
    </Box>
  );
}
