import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  List,
  ListItemButton,
  ListItemText,
  NativeSelect,
  Switch,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useGetList, useNotify, useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { isImpersonating } from '../../providers/session';
import { fetchEntries, fetchModules, saveEntries, toSubject, type ModuleRecord, type Subject, type SubjectKind } from './api';
import { LoadError } from '../../layout/LoadError';
import { LineManagersCard } from './LineManagersCard';
import { SelfServiceCard } from './SelfServiceCard';
import {
  ACTIONS,
  SCOPES,
  enabledRights,
  sameMatrix,
  toMatrix,
  toPayload,
  withAction,
  withScope,
  hasScope,
  type Action,
  type Matrix,
  type Rights,
  type Scope,
} from './scopes';
import './scopes.messages.en';

/** hr.md 9: the list of positions / departments is capped at 600 px. */
const LIST_MAX_HEIGHT = 600;
/** the first rows of the search; a larger company narrows the list by searching the server */
const SUBJECTS_SHOWN = 100;
const ACTION_LABEL: Record<Action, string> = {
  view: 'permission_management.view',
  create: 'permission_management.create',
  edit: 'permission_management.edit',
  delete: 'permission_management.delete',
};

/** Below this width of the matrix its table no longer fits: each module becomes a block of its own (name and switch, then the actions two by two, each scope under its checkbox). */
const STACKED = '@container (max-width: 719.98px)';

const matrixSx = {
  // the four actions equally wide, whether or not a scope shows under them
  '& [data-action]': { width: 120 },
  '& .matrix-action-body': { display: 'flex', flexDirection: 'column', alignItems: 'center' },
  '& .matrix-action-check': { display: 'inline-flex', alignItems: 'center', cursor: 'pointer' },
  '& .matrix-action-label': { display: 'none' },
  [STACKED]: {
    '& thead': { display: 'none' },
    '& tbody tr': {
      display: 'grid',
      gridTemplateColumns: 'repeat(2, minmax(0, 1fr)) auto',
      alignItems: 'center',
      py: 1,
      borderBottom: 1,
      borderColor: 'divider',
    },
    '& tbody td': { border: 0, px: 0.5, py: 0.25, width: 'auto' },
    '& td.matrix-module': { gridColumn: '1 / 3' },
    '& td.matrix-enabled': { gridColumn: '3' },
    '& td[data-action="view"], & td[data-action="edit"]': { gridColumn: '1', textAlign: 'left' },
    '& td[data-action="create"], & td[data-action="delete"]': { gridColumn: '2 / 4', textAlign: 'left' },
    '& .matrix-action-body': { alignItems: 'flex-start' },
    '& .matrix-action-label': { display: 'inline', typography: 'body2' },
    // under the checkbox's box, not its padding
    '& .matrix-scope': { ml: '9px', minWidth: 104 },
  },
} as const;

/** Whose records a granted action covers: a small select of the four scopes, in words. */
const ScopeSelect = ({ label, value, onChange }: { label: string; value: Scope; onChange: (scope: Scope) => void }) => {
  const translate = useTranslate();
  return (
    <NativeSelect
      className="matrix-scope"
      value={value}
      onChange={(e) => onChange(e.target.value as Scope)}
      variant="standard"
      inputProps={{ 'aria-label': label }}
      sx={{ fontSize: '0.8125rem', '& select': { py: 0.25 } }}
    >
      {SCOPES.map((scope) => (
        <option key={scope} value={scope}>
          {translate(`permission_scopes.${scope}`)}
        </option>
      ))}
    </NativeSelect>
  );
};

/**
 * hr.md Permission Management: positions and departments on the left, the module matrix of the
 * selected one on the right. Enabling a module grants view only; disabling removes its entry;
 * create, edit and delete need view. Save replaces the whole matrix on the server.
 */
export const PermissionManagement = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const session = useSession();
  const needsCompany = session.user?.role === 'superadmin' && !isImpersonating(session);

  const [kind, setKind] = useState<SubjectKind>('positions');
  const [modules, setModules] = useState<ModuleRecord[]>([]);
  const [search, setSearch] = useState('');
  const [listError, setListError] = useState(false);
  const [selected, setSelected] = useState<{ kind: SubjectKind; subject: Subject } | null>(null);
  const [matrix, setMatrix] = useState<Matrix>({});
  const [saved, setSaved] = useState<Matrix>({});
  const [loadingMatrix, setLoadingMatrix] = useState(false);
  const [matrixError, setMatrixError] = useState(false);
  const [saving, setSaving] = useState(false);

  const loadLists = useCallback(async () => {
    setListError(false);
    try {
      setModules(await fetchModules());
    } catch {
      setListError(true);
      notify('permission_management.load_failed', { type: 'error' });
    }
  }, [notify]);

  useEffect(() => {
    if (!needsCompany) void loadLists();
  }, [loadLists, needsCompany]);

  const loadMatrix = useCallback(
    async (target: { kind: SubjectKind; subject: Subject }) => {
      setLoadingMatrix(true);
      setMatrixError(false);
      try {
        const loaded = toMatrix(await fetchEntries(target.kind, target.subject.id));
        setMatrix(loaded);
        setSaved(loaded);
      } catch {
        setMatrixError(true);
        setMatrix({});
        setSaved({});
        notify('permission_management.load_failed', { type: 'error' });
      } finally {
        setLoadingMatrix(false);
      }
    },
    [notify],
  );

  const select = (subject: Subject) => {
    const target = { kind, subject };
    setSelected(target);
    void loadMatrix(target);
  };

  const setRights = (moduleId: number, change: (current: Rights | undefined) => Rights | undefined) =>
    setMatrix((current) => {
      const next = { ...current };
      const rights = change(current[moduleId]);
      if (rights) next[moduleId] = rights;
      else delete next[moduleId];
      return next;
    });

  const toggleModule = (module: ModuleRecord, enabled: boolean) =>
    setRights(module.id, () => (enabled ? enabledRights(module.module_key) : undefined));

  const toggleAction = (module: ModuleRecord, action: Action, checked: boolean) =>
    setRights(module.id, (current) => withAction(module.module_key, current, action, checked));

  const chooseScope = (module: ModuleRecord, action: Action, scope: Scope) =>
    setRights(module.id, (current) => current && withScope(current, action, scope));

  const save = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      const stored = toMatrix(await saveEntries(selected.kind, selected.subject.id, toPayload(matrix)));
      setMatrix(stored);
      setSaved(stored);
      notify('permission_management.updated', { type: 'success', messageArgs: { name: selected.subject.name } });
    } catch {
      notify('permission_management.save_failed', { type: 'error' });
    } finally {
      setSaving(false);
    }
  };

  const dirty = useMemo(() => !sameMatrix(matrix, saved), [matrix, saved]);

  const subjects = useGetList(
    `hr/${kind}`,
    { filter: search.trim() ? { q: search.trim() } : {}, pagination: { page: 1, perPage: SUBJECTS_SHOWN }, sort: { field: kind === 'positions' ? 'position_title' : 'department_name', order: 'ASC' } },
    { enabled: !needsCompany },
  );

  if (needsCompany) return <Alert severity="info">{translate('permission_management.needs_company')}</Alert>;

  const list = subjects.data ? subjects.data.map((row) => toSubject(kind, row)) : subjects.error ? [] : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 320px) 1fr' }, alignItems: 'start' }}>
      {/* the two policies side by side where both fit, one above the other on a narrower screen */}
      <Box sx={{ gridColumn: '1 / -1', display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))' }}>
        <SelfServiceCard />
        <LineManagersCard />
      </Box>
      <Card variant="outlined">
        <Tabs value={kind} onChange={(_, value: SubjectKind) => setKind(value)} variant="fullWidth">
          <Tab value="positions" label={translate('permission_management.positions')} />
          <Tab value="departments" label={translate('permission_management.departments')} />
        </Tabs>
        <Box sx={{ p: 1.5, pb: 0 }}>
          <TextField
            size="small"
            fullWidth
            type="search"
            label={translate('permission_subjects.search')}
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
          {(subjects.total ?? 0) > SUBJECTS_SHOWN && (
            <Typography variant="caption" color="text.secondary">
              {translate('permission_subjects.more', { shown: SUBJECTS_SHOWN, total: subjects.total })}
            </Typography>
          )}
        </Box>
        <Box sx={{ maxHeight: LIST_MAX_HEIGHT, overflowY: 'auto' }} data-testid="permission-subjects">
          {listError || subjects.error ? (
            <Box sx={{ p: 2 }}>
              <LoadError onRetry={() => void (listError ? loadLists() : subjects.refetch())}>
                {translate('permission_management.load_failed')}
              </LoadError>
            </Box>
          ) : list === null ? (
            <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
              <CircularProgress size={28} />
            </Box>
          ) : list.length === 0 ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              {translate(kind === 'positions' ? 'permission_management.no_positions' : 'permission_management.no_departments')}
            </Typography>
          ) : (
            <List dense disablePadding aria-label={translate(`permission_management.${kind}`)}>
              {list.map((subject) => (
                <ListItemButton
                  key={subject.id}
                  selected={selected?.kind === kind && selected.subject.id === subject.id}
                  onClick={() => select(subject)}
                >
                  <ListItemText
                    primary={subject.name}
                    secondary={[subject.code, subject.detail].filter(Boolean).join(' · ') || undefined}
                  />
                </ListItemButton>
              ))}
            </List>
          )}
        </Box>
      </Card>

      <Card variant="outlined">
        <CardContent>
          {!selected ? (
            <Typography color="text.secondary">{translate('permission_management.pick')}</Typography>
          ) : (
            <>
              <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 2, mb: 2 }}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
                    {translate('permission_management.permissions_for', { name: selected.subject.name })}
                  </Typography>
                  {dirty && <Chip size="small" color="warning" label={translate('permission_management.unsaved')} />}
                </Box>
                <Button
                  variant="contained"
                  startIcon={saving ? <CircularProgress size={16} color="inherit" /> : <SaveIcon />}
                  onClick={save}
                  disabled={saving || loadingMatrix || matrixError}
                >
                  {translate(saving ? 'permission_management.saving' : 'permission_management.save')}
                </Button>
              </Box>
              {loadingMatrix ? (
                <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
                  <CircularProgress size={28} />
                </Box>
              ) : matrixError ? (
                <LoadError onRetry={() => loadMatrix(selected)}>
                  {translate('permission_management.load_failed')}
                </LoadError>
              ) : (
                <TableContainer sx={{ containerType: 'inline-size' }}>
                  <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                    {translate('permission_scopes.explained')}
                  </Typography>
                  <Table
                    size="small"
                    sx={matrixSx}
                    aria-label={translate('permission_management.permissions_for', { name: selected.subject.name })}
                  >
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('permission_management.module')}</TableCell>
                        <TableCell align="center">{translate('permission_management.enabled')}</TableCell>
                        {ACTIONS.map((action) => (
                          <TableCell key={action} align="center" data-action={action}>
                            {translate(ACTION_LABEL[action])}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {modules.map((module) => {
                        const rights = matrix[module.id];
                        const enabled = !!rights;
                        return (
                          <TableRow key={module.id} data-testid={`permission-row-${module.module_key}`}>
                            <TableCell className="matrix-module">
                              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                {module.module_name}
                              </Typography>
                              {module.description && (
                                <Typography variant="caption" color="text.secondary">
                                  {module.description}
                                </Typography>
                              )}
                            </TableCell>
                            <TableCell align="center" className="matrix-enabled">
                              <Switch
                                checked={enabled}
                                onChange={(e) => toggleModule(module, e.target.checked)}
                                slotProps={{ input: { role: 'switch', 'aria-label': `${module.module_name} ${translate('permission_management.enabled')}` } }}
                              />
                            </TableCell>
                            {ACTIONS.map((action) => {
                              const name = `${module.module_name} ${translate(ACTION_LABEL[action])}`;
                              const scope = rights?.[`${action}_scope`];
                              return (
                                <TableCell key={action} align="center" data-action={action}>
                                  <Box className="matrix-action-body">
                                    <Box component="label" className="matrix-action-check">
                                      <Checkbox
                                        checked={!!rights?.[`can_${action}`]}
                                        disabled={!enabled || (action !== 'view' && !rights?.can_view)}
                                        onChange={(e) => toggleAction(module, action, e.target.checked)}
                                        slotProps={{ input: { 'aria-label': name } }}
                                      />
                                      <span className="matrix-action-label" aria-hidden>
                                        {translate(ACTION_LABEL[action])}
                                      </span>
                                    </Box>
                                    {rights?.[`can_${action}`] && scope && hasScope(module.module_key) && (
                                      <ScopeSelect
                                        label={translate('permission_scopes.scope', { module: module.module_name, action: translate(ACTION_LABEL[action]) })}
                                        value={scope}
                                        onChange={(chosen) => chooseScope(module, action, chosen)}
                                      />
                                    )}
                                  </Box>
                                </TableCell>
                              );
                            })}
                          </TableRow>
                        );
                      })}
                    </TableBody>
                  </Table>
                </TableContainer>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};
