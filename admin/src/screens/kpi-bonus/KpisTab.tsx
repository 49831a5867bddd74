import { createContext, useContext } from 'react';
import { IconButton, Stack, Tooltip, Typography } from '@mui/material';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import { useTranslate, type RaRecord } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { bonusRules, kpis } from '../../resources/kpi';
import type { ResourceConfig } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaInput } from '../../schema/inputs';
import { SchemaResource } from '../../schema/SchemaResource';

type Kpi = components['schemas']['KpiResponseDto'];

/** What a KPI's row offers beyond Edit and Delete: Set Target and Bonus Rule (hr.md 2). */
export const KpiRowActions = createContext<{ onSetTarget: (kpi: Kpi) => void; onBonusRule: (kpi: Kpi) => void }>({
  onSetTarget: () => undefined,
  onBonusRule: () => undefined,
});

const RowActions = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const { onSetTarget, onBonusRule } = useContext(KpiRowActions);
  const kpi = record as Kpi;
  const setTarget = translate('kpi_bonus.kpis.set_target');
  const bonusRule = translate('kpi_bonus.kpis.bonus_rule');
  return (
    <>
      <Tooltip title={setTarget}>
        <IconButton size="small" aria-label={setTarget} onClick={() => onSetTarget(kpi)}>
          <FlagIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={bonusRule}>
        <IconButton size="small" aria-label={bonusRule} onClick={() => onBonusRule(kpi)}>
          <EmojiEventsIcon fontSize="small" color={kpi.bonus_rule_id ? 'warning' : undefined} />
        </IconButton>
      </Tooltip>
    </>
  );
};

/** Name, code and category missing read as the server says it (one sentence for the three). */
const RequiredAsServer = ({ field }: { field: FieldDescriptor }) => {
  const translate = useTranslate();
  return <SchemaInput resource={kpis.name} field={{ ...field, messages: { ...field.messages, required: translate('kpi_bonus.kpi_form.required') } }} />;
};

const required = (field: FieldDescriptor) => <RequiredAsServer field={field} />;

const config: ResourceConfig = {
  ...kpis,
  rowActions: RowActions,
  inputs: { name: required, code: required, category: required },
};

/**
 * The KPIs tab (hr.md 2): the generated list of KPIs with its filters, New KPI, and per KPI Set
 * Target, Bonus Rule and Edit; below it, every bonus rule of the company (a rule is added from its
 * KPI's Bonus Rule action).
 */
export const KpisTab = () => {
  const translate = useTranslate();
  return (
    <Stack spacing={3}>
      <SchemaResource config={config} />
      <SchemaResource
        config={bonusRules}
        title={<Typography variant="h6" component="h2">{translate(`resources.${bonusRules.name}.title`)}</Typography>}
      />
    </Stack>
  );
};
