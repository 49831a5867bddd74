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
import {
  fetchEntries,
  fetchModules,
  saveEntries,
  toSubject,
  type EntryRecord,
  type Flags,
  type ModuleRecord,
  type Subject,
  type SubjectKind,
} from './api';
import { LoadError } from '../../layout/LoadError';
import { SelfServiceCard } from './SelfServiceCard';

/** hr.md 9: the list of positions / departments is capped at 600 px. */
const LIST_MAX_HEIGHT = 600;
/** the first rows of the search; a larger company narrows the list by searching the server */
const SUBJECTS_SHOWN = 100;
const ACTIONS = ['can_view', 'can_create', 'can_edit', 'can_delete'] as const;
const ACTION_LABEL: Record<(typeof ACTIONS)[number], string> = {
  can_view: 'permission_management.view',
  can_create: 'permission_management.create',
  can_edit: 'permission_management.edit',
  can_delete: 'permission_management.delete',
};

type Matrix = Record<number, Flags>;

const toMatrix = (entries: EntryRecord[]): Matrix =>
  Object.fromEntries(
    entries.map((e) => [
      e.module_id,
      { can_view: e.can_view, can_create: e.can_create, can_edit: e.can_edit, can_delete: e.can_delete },
    ]),
  );

const sameMatrix = (a: Matrix, b: Matrix) => JSON.stringify(Object.entries(a).sort()) === JSON.stringify(Object.entries(b).sort());

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

  const toggleModule = (moduleId: number, enabled: boolean) =>
    setMatrix((current) => {
      const next = { ...current };
      if (enabled) next[moduleId] = { can_view: true, can_create: false, can_edit: false, can_delete: false };
      else delete next[moduleId];
      return next;
    });

  const toggleAction = (moduleId: number, action: (typeof ACTIONS)[number], checked: boolean) =>
    setMatrix((current) => {
      // without view nothing else holds: unchecking it is disabling the module
      if (action === 'can_view' && !checked) {
        const next = { ...current };
        delete next[moduleId];
        return next;
      }
      const flags = current[moduleId] ?? { can_view: false, can_create: false, can_edit: false, can_delete: false };
      return { ...current, [moduleId]: { ...flags, [action]: checked } };
    });

  const save = async () => {
    if (!selected) return;
    setSaving(true);
    try {
      const payload = Object.entries(matrix)
        .filter(([, f]) => f.can_view)
        .map(([moduleId, f]) => ({ module_id: Number(moduleId), ...f }));
      const stored = toMatrix(await saveEntries(selected.kind, selected.subject.id, payload));
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

  if (needsCompany) return <Alert severity="info">{translate('permission_management.needs_company')}</Alert>;

  const subjects = useGetList(
    `hr/${kind}`,
    { filter: search.trim() ? { q: search.trim() } : {}, pagination: { page: 1, perPage: SUBJECTS_SHOWN }, sort: { field: kind === 'positions' ? 'position_title' : 'department_name', order: 'ASC' } },
    { enabled: !needsCompany },
  );
  const list = subjects.data ? subjects.data.map((row) => toSubject(kind, row)) : subjects.error ? [] : null;

  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: 'minmax(240px, 320px) 1fr' }, alignItems: 'start' }}>
      <Box sx={{ gridColumn: '1 / -1' }}>
        <SelfServiceCard />
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
                <TableContainer>
                  <Table size="small" aria-label={translate('permission_management.permissions_for', { name: selected.subject.name })}>
                    <TableHead>
                      <TableRow>
                        <TableCell>{translate('permission_management.module')}</TableCell>
                        <TableCell align="center">{translate('permission_management.enabled')}</TableCell>
                        {ACTIONS.map((action) => (
                          <TableCell key={action} align="center">
                            {translate(ACTION_LABEL[action])}
                          </TableCell>
                        ))}
                      </TableRow>
                    </TableHead>
                    <TableBody>
                      {modules.map((module) => {
                        const flags = matrix[module.id];
                        const enabled = !!flags;
                        return (
                          <TableRow key={module.id} data-testid={`permission-row-${module.module_key}`}>
                            <TableCell>
                              <Typography variant="body2" sx={{ fontWeight: 600 }}>
                                {module.module_name}
                              </Typography>
                              {module.description && (
                                <Typography variant="caption" color="text.secondary">
                                  {module.description}
                                </Typography>
                              )}
                            </TableCell>
                            <TableCell align="center">
                              <Switch
                                checked={enabled}
                                onChange={(e) => toggleModule(module.id, e.target.checked)}
                                slotProps={{ input: { role: 'switch', 'aria-label': `${module.module_name} ${translate('permission_management.enabled')}` } }}
                              />
                            </TableCell>
                            {ACTIONS.map((action) => (
                              <TableCell key={action} align="center">
                                <Checkbox
                                  checked={!!flags?.[action]}
                                  disabled={!enabled || (action !== 'can_view' && !flags?.can_view)}
                                  onChange={(e) => toggleAction(module.id, action, e.target.checked)}
                                  slotProps={{ input: { 'aria-label': `${module.module_name} ${translate(ACTION_LABEL[action])}` } }}
                                />
                              </TableCell>
                            ))}
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
