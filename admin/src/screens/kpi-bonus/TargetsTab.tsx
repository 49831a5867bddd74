import { useState, type ReactElement } from 'react';
import { Box, Button, Chip, IconButton, Stack, TableCell, TableRow, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CancelIcon from '@mui/icons-material/Cancel';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import EditIcon from '@mui/icons-material/EditOutlined';
import EditNoteIcon from '@mui/icons-material/EditNote';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { kpiApi, type Kpi, type Period, type Target } from './api';
import { CalculateBonusesButton, CalculateValuesButton } from './CalculateButtons';
import { AchievementBar, OrNA } from './chips';
import { decimal, money, periodRange } from './format';
import { ListCard } from './ListCard';
import { PeriodInputs } from './PeriodInputs';
import { useTargets } from './useTargets';

/**
 * The Targets tab (hr.md 2): period dates, Calculate Bonuses (both dates needed), Calculate values
 * for the computed KPIs, New Target; per target its progress, bonus and result, and for a manual
 * KPI "Record actual value".
 */
export const TargetsTab = ({
  period,
  onPeriod,
  kpis,
  version,
  onNew,
  onEdit,
  onRecord,
  onChanged,
}: {
  period: Period;
  onPeriod: (period: Period) => void;
  /** every KPI of the company, by id */
  kpis: Map<number, Kpi>;
  version: number;
  onNew: () => void;
  onEdit: (target: Target) => void;
  onRecord: (target: Target) => void;
  /** targets, values or payments changed */
  onChanged: () => void;
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const list = useTargets(period, version);
  const [deleting, setDeleting] = useState<Target | null>(null);

  const subjectName = (t: Target) => t.target_name ?? `#${t.target_id}`;

  const remove = async (target: Target) => {
    setDeleting(null);
    try {
      await kpiApi.deleteTarget(target.id);
      notify('kpi_bonus.messages.target_deleted', { type: 'success' });
      onChanged();
    } catch (error) {
      notify(errorMessage(error, translate('kpi_bonus.messages.target_delete_failed')), { type: 'error' });
    }
  };

  const action = (label: string, icon: ReactElement, onClick: () => void) => (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label} onClick={onClick}>
        {icon}
      </IconButton>
    </Tooltip>
  );

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <PeriodInputs period={period} onChange={onPeriod} />
        <CalculateBonusesButton period={period} onDone={onChanged} />
        <CalculateValuesButton period={period} onDone={onChanged} />
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNew} sx={{ ml: 'auto' }}>
          {translate('kpi_bonus.targets.new')}
        </Button>
      </Box>

      <ListCard
        label={translate('kpi_bonus.tabs.targets')}
        minWidth={1050}
        columns={[
          { label: translate('kpi_bonus.targets.columns.target') },
          { label: translate('kpi_bonus.targets.columns.period') },
          { label: translate('kpi_bonus.targets.columns.target_value'), align: 'right' },
          { label: translate('kpi_bonus.targets.columns.actual_value'), align: 'right' },
          { label: translate('kpi_bonus.targets.columns.achievement') },
          { label: translate('kpi_bonus.targets.columns.bonus'), align: 'right' },
          { label: translate('kpi_bonus.targets.columns.result') },
          { label: translate('kpi_bonus.actions'), align: 'right' },
        ]}
        loading={list.loading}
        failed={list.failed}
        onRetry={list.reload}
        empty={translate('kpi_bonus.targets.empty')}
        isEmpty={list.loaded && !list.rows.length}
        paging={list}
      >
        {list.rows.map((t) => {
          const source = kpis.get(t.kpi_id)?.data_source_type;
          return (
            <TableRow key={t.id} hover data-testid="target-row">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Chip size="small" variant="outlined" label={translate(`kpi_bonus.target_type.${t.target_type}`)} />
                  <Typography variant="body2" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                    {subjectName(t)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    #{t.target_id}
                  </Typography>
                </Stack>
                <Typography variant="caption" color="text.secondary">
                  {t.kpi_name}
                </Typography>
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{periodRange(t.period_start_date, t.period_end_date)}</TableCell>
              <TableCell align="right" data-testid="target-value">
                {decimal(t.target_value)}
              </TableCell>
              <TableCell align="right" data-testid="actual-value">
                <OrNA value={decimal(t.actual_value)} />
              </TableCell>
              <TableCell>
                <AchievementBar value={t.achievement_percentage} />
              </TableCell>
              <TableCell align="right" data-testid="calculated-bonus">
                <OrNA value={money(t.calculated_bonus)} />
              </TableCell>
              <TableCell>
                {t.achieved ? (
                  <Chip size="small" color="success" icon={<CheckCircleIcon />} label={translate('kpi_bonus.targets.achieved')} data-testid="target-result" />
                ) : (
                  <Chip size="small" variant="outlined" icon={<CancelIcon />} label={translate('kpi_bonus.targets.not_achieved')} data-testid="target-result" />
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end', alignItems: 'center' }}>
                  {source === 'manual' && (
                    <Button size="small" startIcon={<EditNoteIcon />} onClick={() => onRecord(t)}>
                      {translate('kpi_bonus.targets.record_value')}
                    </Button>
                  )}
                  {source && source !== 'manual' && (
                    <Typography variant="caption" color="text.secondary" sx={{ mr: 1 }}>
                      {translate('kpi_bonus.targets.computed')}
                    </Typography>
                  )}
                  {action(translate('kpi_bonus.targets.edit'), <EditIcon fontSize="small" />, () => onEdit(t))}
                  {action(translate('kpi_bonus.targets.delete'), <DeleteIcon fontSize="small" />, () => setDeleting(t))}
                </Stack>
              </TableCell>
            </TableRow>
          );
        })}
      </ListCard>

      <Confirm
        isOpen={!!deleting}
        title="kpi_bonus.targets.delete"
        content="kpi_bonus.targets.delete_confirm"
        translateOptions={{ name: deleting ? subjectName(deleting) : '' }}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && void remove(deleting)}
      />
    </Box>
  );
};
