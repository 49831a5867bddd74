import './messages.en';
import { useEffect, useRef, useState } from 'react';
import { Box, Card, Chip, CircularProgress, IconButton, InputAdornment, Link, List, ListItemButton, ListItemText, Paper, TextField, Typography } from '@mui/material';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import SearchIcon from '@mui/icons-material/Search';
import ClearIcon from '@mui/icons-material/Clear';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { canOpen } from '../../access';
import { useSession } from '../../auth/useSession';
import { LoadError } from '../../layout/LoadError';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage } from '../../providers/httpClient';
import { fieldSize, touchIcon, usePhone } from '../../pwa/phone';
import { chainAbove, employeeRecord, orgChartApi, SEARCH_MIN, type OrgNode } from './api';

const SEARCH_DELAY_MS = 300;
/** Past this depth a phone indents no further, so a deep chain never scrolls sideways. */
const PHONE_MAX_INDENT = 4;

const Spinner = () => (
  <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
    <CircularProgress size={28} aria-label="loading" />
  </Box>
);

interface TreeState {
  expanded: ReadonlySet<number>;
  toggle: (id: number) => void;
  /** the person chosen from a search, shown and marked once their card appears */
  focused: number | null;
  /** whether the user may open employee records (the link on each name) */
  records: boolean;
}

/** One person: name, position, department and how many report to them, with the control that shows them. */
const NodeCard = ({ node, tree }: { node: OrgNode; tree: TreeState }) => {
  const translate = useTranslate();
  const ref = useRef<HTMLDivElement>(null);
  const open = tree.expanded.has(node.id);
  const focused = tree.focused === node.id;
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [focused]);
  const details = [node.position_title, node.department_name].filter(Boolean).join(' · ');
  const label = translate(open ? 'org_chart.hide' : 'org_chart.show', { name: node.name });

  return (
    <Card
      ref={ref}
      variant="outlined"
      data-testid="org-chart-node"
      data-employee-id={node.id}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        px: 1.5,
        py: 1,
        minWidth: 0,
        ...(focused && { borderColor: 'primary.main', boxShadow: (theme) => `0 0 0 2px ${theme.palette.primary.main}` }),
      }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {tree.records ? (
            <Link component={RouterLink} to={employeeRecord(node.id)} underline="hover" color="inherit" aria-label={translate('org_chart.open_record', { name: node.name })}>
              {node.name}
            </Link>
          ) : (
            node.name
          )}
          {node.employment_status !== 'active' && (
            <Chip size="small" label={translate(`org_chart.status.${node.employment_status}`)} sx={{ ml: 1, verticalAlign: 'middle' }} />
          )}
        </Typography>
        {details && (
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {details}
          </Typography>
        )}
        <Typography variant="caption" color="text.secondary" data-testid="org-chart-reports">
          {node.direct_reports
            ? translate('org_chart.reports', { smart_count: node.direct_reports })
            : translate('org_chart.nobody', { name: node.name })}
        </Typography>
      </Box>
      {node.direct_reports > 0 && (
        <IconButton sx={touchIcon} aria-label={label} aria-expanded={open} title={label} onClick={() => tree.toggle(node.id)}>
          {open ? <ExpandMoreIcon /> : <ChevronRightIcon />}
        </IconButton>
      )}
    </Card>
  );
};

/** The direct reports of an expanded person, loaded when first shown. */
const Reports = ({ manager, depth, tree }: { manager: OrgNode; depth: number; tree: TreeState }) => {
  const translate = useTranslate();
  const query = useQuery({ queryKey: ['org-chart', 'reports', manager.id], queryFn: () => orgChartApi.reports(manager.id), retry: false });
  if (query.error && !query.data) {
    return (
      <LoadError onRetry={() => query.refetch()} sx={{ mt: 1 }}>
        {errorMessage(query.error, translate('org_chart.reports_failed', { name: manager.name }))}
      </LoadError>
    );
  }
  if (!query.data) return <Spinner />;
  if (!query.data.length) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1 }}>
        {translate('org_chart.nobody', { name: manager.name })}
      </Typography>
    );
  }
  return <Branch nodes={query.data} depth={depth} tree={tree} />;
};

/** People side by side in the chart (one level), each followed by their reports when expanded, indented below them. */
const Branch = ({ nodes, depth, tree }: { nodes: OrgNode[]; depth: number; tree: TreeState }) => (
  <Box
    component="ul"
    role={depth === 0 ? 'tree' : 'group'}
    sx={{
      listStyle: 'none',
      m: 0,
      p: 0,
      display: 'grid',
      gap: 1,
      ...(depth > 0 && {
        mt: 1,
        // a line down the left joins the reports to their manager; a phone stops indenting past a few levels
        ml: { xs: depth > PHONE_MAX_INDENT ? 0 : 1.5, sm: 3 },
        pl: { xs: depth > PHONE_MAX_INDENT ? 0 : 1, sm: 1.5 },
        borderLeftStyle: 'solid',
        borderLeftWidth: { xs: depth > PHONE_MAX_INDENT ? 0 : 2, sm: 2 },
        borderLeftColor: 'divider',
      }),
    }}
  >
    {nodes.map((node) => (
      <Box component="li" role="treeitem" aria-expanded={node.direct_reports ? tree.expanded.has(node.id) : undefined} key={node.id} sx={{ minWidth: 0 }}>
        <NodeCard node={node} tree={tree} />
        {tree.expanded.has(node.id) && <Reports manager={node} depth={depth + 1} tree={tree} />}
      </Box>
    ))}
  </Box>
);

/** The search box and its matches: choosing one expands the chain above them and marks their card. */
const Search = ({ onChoose }: { onChoose: (node: OrgNode) => void }) => {
  const translate = useTranslate();
  const size = fieldSize(usePhone());
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const active = q.length >= SEARCH_MIN;
  const query = useQuery({ queryKey: ['org-chart', 'search', q], queryFn: () => orgChartApi.search(q), enabled: active, retry: false });

  const results = () => {
    if (query.error) return <LoadError onRetry={() => query.refetch()}>{errorMessage(query.error, translate('org_chart.search_failed'))}</LoadError>;
    if (!query.data) return <Spinner />;
    if (!query.data.length) {
      return (
        <Typography color="text.secondary" sx={{ p: 2 }} data-testid="org-chart-no-match">
          {translate('org_chart.no_match', { q })}
        </Typography>
      );
    }
    return (
      <List dense disablePadding data-testid="org-chart-matches">
        {query.data.map((node) => (
          <ListItemButton
            key={node.id}
            data-testid="org-chart-match"
            sx={{ minHeight: 48 }}
            onClick={() => {
              setText('');
              setQ('');
              onChoose(node);
            }}
          >
            <ListItemText
              primary={node.name}
              secondary={[node.position_title, (node.path ?? []).slice(0, -1).map((step) => step.name).join(' › ')].filter(Boolean).join(' · ')}
              slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
            />
          </ListItemButton>
        ))}
      </List>
    );
  };

  return (
    <Box sx={{ mb: 2 }}>
      <TextField
        fullWidth
        size={size}
        label={translate('org_chart.search')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        helperText={text.trim() && text.trim().length < SEARCH_MIN ? translate('org_chart.search_hint') : undefined}
        slotProps={{
          htmlInput: { 'data-testid': 'org-chart-search', autoComplete: 'off' },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchIcon />
              </InputAdornment>
            ),
            endAdornment: text && (
              <InputAdornment position="end">
                <IconButton sx={touchIcon} aria-label={translate('ra.action.clear_input_value')} onClick={() => setText('')}>
                  <ClearIcon />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
        sx={{ maxWidth: { sm: 480 } }}
      />
      {active && text.trim() && (
        <Paper variant="outlined" sx={{ mt: 1, maxWidth: { sm: 480 } }}>
          {results()}
        </Paper>
      )}
    </Box>
  );
};

/**
 * /hr/org-chart: who reports to whom, as a tree that opens one level at a time, and a search by
 * name that opens the chain down to the person chosen. The server answers only the people the
 * user sees: the company for an admin, a line manager's team below themselves.
 */
export default function OrgChartScreen() {
  const translate = useTranslate();
  const session = useSession();
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [focused, setFocused] = useState<number | null>(null);
  const top = useQuery({ queryKey: ['org-chart', 'top'], queryFn: orgChartApi.top, retry: false });

  const tree: TreeState = {
    expanded,
    focused,
    records: canOpen('/hr/employees', session),
    toggle: (id) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
  };
  const choose = (node: OrgNode) => {
    setExpanded((current) => new Set([...current, ...chainAbove(node.path)]));
    setFocused(node.id);
  };

  const chart = () => {
    if (top.error && !top.data) return <LoadError onRetry={() => top.refetch()}>{errorMessage(top.error, translate('org_chart.failed'))}</LoadError>;
    if (!top.data) return <Spinner />;
    if (!top.data.length) {
      return (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }} data-testid="org-chart-empty">
          {translate('org_chart.empty')}
        </Typography>
      );
    }
    return <Branch nodes={top.data} depth={0} tree={tree} />;
  };

  return (
    <>
      <PageHeader title={translate('screens.org_chart')} subtitle={translate('org_chart.subtitle')} />
      <Search onChoose={choose} />
      <Box sx={{ maxWidth: 720 }} data-testid="org-chart">
        {chart()}
      </Box>
    </>
  );
}
