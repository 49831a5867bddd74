import { useCallback, useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { Confirm, Loading, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage } from '../../providers/httpClient';
import { cmsApi, type LandingPage } from './api';
import { LandingPageEditor } from './LandingPageEditor';
import { LandingPageList } from './LandingPageList';
import { LoadError } from '../../layout/LoadError';

type Load<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T };

/** /admin/landing-page (platform.md 2.11): the list of landing pages, and the editor of one (?page=id). */
export default function LandingPageManager() {
  const [params, setParams] = useSearchParams();
  const editing = Number(params.get('page')) || null;
  const open = useCallback(
    (id: number | null) => setParams(id ? { page: String(id) } : {}, { replace: false }),
    [setParams],
  );
  return editing ? <EditorScreen id={editing} onBack={() => open(null)} /> : <ListScreen onOpen={open} />;
}

function ListScreen({ onOpen }: { onOpen: (id: number) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<Load<LandingPage[]>>({ status: 'loading' });
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState<LandingPage | null>(null);

  const load = useCallback(async () => {
    try {
      setState({ status: 'ready', data: await cmsApi.list() });
    } catch (error) {
      const message = errorMessage(error, translate('landing_page.messages.fetch_failed'));
      setState({ status: 'error', message });
      notify(message, { type: 'error' });
    }
  }, [notify, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  const run = async (action: () => Promise<unknown>, success: string, failure: string) => {
    setBusy(true);
    try {
      await action();
      notify(success, { type: 'success' });
      await load();
    } catch (error) {
      notify(errorMessage(error, translate(failure)), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const create = async () => {
    setBusy(true);
    try {
      const page = await cmsApi.create();
      notify('landing_page.messages.created', { type: 'success' });
      onOpen(page.id);
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.create_failed')), { type: 'error' });
      setBusy(false);
    }
  };

  return (
    <>
      <PageHeader
        title={translate('screens.landing_page')}
        subtitle={translate('landing_page.subtitle')}
        actions={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => void create()} disabled={busy}>
            {translate('landing_page.create')}
          </Button>
        }
      />
      {state.status === 'loading' && <Loading />}
      {state.status === 'error' && (
        <LoadError onRetry={load}>
          {state.message}
        </LoadError>
      )}
      {state.status === 'ready' && (
        <LandingPageList
          pages={state.data}
          busy={busy}
          onEdit={(page) => onOpen(page.id)}
          onActivate={(page) =>
            void run(() => cmsApi.activate(page.id), 'landing_page.messages.activated', 'landing_page.messages.activate_failed')
          }
          onDelete={setDeleting}
        />
      )}
      <Confirm
        isOpen={!!deleting}
        title={translate('landing_page.confirm_delete_title')}
        content={translate('landing_page.confirm_delete', {
          title: deleting?.hero_title || translate('landing_page.untitled'),
        })}
        onConfirm={() => {
          const page = deleting;
          setDeleting(null);
          if (page) void run(() => cmsApi.remove(page.id), 'landing_page.messages.deleted', 'landing_page.messages.delete_failed');
        }}
        onClose={() => setDeleting(null)}
      />
    </>
  );
}

function EditorScreen({ id, onBack }: { id: number; onBack: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, setState] = useState<Load<LandingPage>>({ status: 'loading' });

  const load = useCallback(async () => {
    setState({ status: 'loading' });
    try {
      setState({ status: 'ready', data: await cmsApi.get(id) });
    } catch (error) {
      const message = errorMessage(error, translate('landing_page.messages.details_failed'));
      setState({ status: 'error', message });
      notify(message, { type: 'error' });
    }
  }, [id, notify, translate]);

  useEffect(() => {
    void load();
  }, [load]);

  if (state.status === 'loading') return <Loading />;
  if (state.status === 'error') {
    return (
      <>
        <PageHeader title={translate('screens.landing_page')} />
        <Alert
          severity="error"
          action={
            <>
              <Button color="inherit" size="small" onClick={() => void load()}>
                {translate('landing_page.retry')}
              </Button>
              <Button color="inherit" size="small" onClick={onBack}>
                {translate('landing_page.back')}
              </Button>
            </>
          }
        >
          {state.message}
        </Alert>
      </>
    );
  }
  return <LandingPageEditor key={state.data.id} initial={state.data} onBack={onBack} />;
}
