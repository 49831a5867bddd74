import { useEffect, useState, type ReactElement } from 'react';
import { Box, Button, Chip, IconButton, InputAdornment, MenuItem, Stack, TableCell, TableRow, TextField, Tooltip, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import EditIcon from '@mui/icons-material/EditOutlined';
import FlagIcon from '@mui/icons-material/OutlinedFlag';
import EmojiEventsIcon from '@mui/icons-material/EmojiEventsOutlined';
import SearchIcon from '@mui/icons-material/Search';
import { useTranslate } from 'react-admin';
import { CATEGORIES, PERIOD_TYPES, type Kpi, type KpiFilters } from './api';
import { ActiveChip } from './chips';
import { ListCard } from './ListCard';
import { useKpis } from './useKpis';

const SelectFilter = ({
  label,
  value,
  options,
  allLabel,
  onChange,
}: {
  label: string;
  value: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  allLabel: string;
  onChange: (value: string) => void;
}) => (
  <TextField select fullWidth={false} size="small" label={label} value={value} onChange={(e) => onChange(e.target.value)} sx={{ minWidth: 150 }}>
    <MenuItem value="">{allLabel}</MenuItem>
    {options.map((o) => (
      <MenuItem key={o.value} value={o.value}>
        {o.label}
      </MenuItem>
    ))}
  </TextField>
);

/**
 * The KPIs tab (hr.md 2): search, category, status and period filters (period monthly at first),
 * New KPI, and per KPI Set Target, Bonus Rule and Edit.
 */
export const KpisTab = ({
  version,
  onNew,
  onEdit,
  onSetTarget,
  onBonusRule,
}: {
  /** changes when a KPI was saved elsewhere on the screen */
  version: number;
  onNew: () => void;
  onEdit: (kpi: Kpi) => void;
  onSetTarget: (kpi: Kpi) => void;
  onBonusRule: (kpi: Kpi) => void;
}) => {
  const translate = useTranslate();
  const [search, setSearch] = useState('');
  const [filters, setFilters] = useState<KpiFilters>({ q: '', category: '', status: '', period: 'monthly' });
  const list = useKpis(filters, version);

  // the search applies after a short pause in typing
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => (f.q === search.trim() ? f : { ...f, q: search.trim() })), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const setFilter = (key: keyof KpiFilters) => (value: string) => setFilters((f) => ({ ...f, [key]: value }));
  const all = translate('kpi_bonus.all');
  const options = (values: readonly string[], prefix: string) => values.map((v) => ({ value: v, label: translate(`${prefix}.${v}`) }));

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
        <TextField
          fullWidth={false}
          size="small"
          label={translate('kpi_bonus.kpis.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ minWidth: 220, flex: '1 1 220px', maxWidth: 360 }}
        />
        <SelectFilter
          label={translate('kpi_bonus.kpis.category')}
          value={filters.category ?? ''}
          options={options(CATEGORIES, 'kpi_bonus.category')}
          allLabel={all}
          onChange={setFilter('category')}
        />
        <SelectFilter
          label={translate('kpi_bonus.kpis.status')}
          value={filters.status ?? ''}
          options={options(['active', 'inactive'], 'kpi_bonus.status')}
          allLabel={all}
          onChange={setFilter('status')}
        />
        <SelectFilter
          label={translate('kpi_bonus.kpis.period')}
          value={filters.period ?? ''}
          options={options(PERIOD_TYPES, 'kpi_bonus.period_type')}
          allLabel={translate('kpi_bonus.kpis.all_periods')}
          onChange={setFilter('period')}
        />
        <Button variant="contained" startIcon={<AddIcon />} onClick={onNew} sx={{ ml: 'auto' }}>
          {translate('kpi_bonus.kpis.new')}
        </Button>
      </Box>

      <ListCard
        label={translate('kpi_bonus.tabs.kpis')}
        minWidth={900}
        columns={[
          { label: translate('kpi_bonus.kpis.columns.name') },
          { label: translate('kpi_bonus.kpis.columns.category') },
          { label: translate('kpi_bonus.kpis.columns.kpi_type') },
          { label: translate('kpi_bonus.kpis.columns.data_source_type') },
          { label: translate('kpi_bonus.kpis.columns.period_type') },
          { label: translate('kpi_bonus.kpis.columns.status') },
          { label: translate('kpi_bonus.actions'), align: 'right' },
        ]}
        loading={list.loading}
        failed={list.failed}
        onRetry={list.reload}
        empty={translate('kpi_bonus.kpis.empty')}
        isEmpty={list.loaded && !list.rows.length}
        paging={list}
      >
        {list.rows.map((kpi) => (
          <TableRow key={kpi.id} hover data-testid="kpi-row">
            <TableCell>
              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                {kpi.name}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {kpi.code}
              </Typography>
            </TableCell>
            <TableCell>
              <Chip size="small" variant="outlined" label={translate(`kpi_bonus.category.${kpi.category}`)} />
            </TableCell>
            <TableCell>{translate(`kpi_bonus.kpi_type.${kpi.kpi_type}`)}</TableCell>
            <TableCell>{translate(`kpi_bonus.data_source.${kpi.data_source_type}`)}</TableCell>
            <TableCell>{translate(`kpi_bonus.period_type.${kpi.period_type}`)}</TableCell>
            <TableCell>
              <ActiveChip active={kpi.is_active} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
                {action(translate('kpi_bonus.kpis.set_target'), <FlagIcon fontSize="small" />, () => onSetTarget(kpi))}
                {action(
                  translate('kpi_bonus.kpis.bonus_rule'),
                  <EmojiEventsIcon fontSize="small" color={kpi.bonus_rule_id ? 'warning' : undefined} />,
                  () => onBonusRule(kpi),
                )}
                {action(translate('kpi_bonus.kpis.edit'), <EditIcon fontSize="small" />, () => onEdit(kpi))}
              </Stack>
            </TableCell>
          </TableRow>
        ))}
      </ListCard>
    </Box>
  );
};
