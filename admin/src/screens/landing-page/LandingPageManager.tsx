import './messages.en';
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button } from '@mui/material';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { errorMessage } from '../../providers/httpClient';
import { cmsApi, type LandingPage } from './api';
import { LandingPageEditor } from './LandingPageEditor';
import { LandingPageList } from './LandingPageList';

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
  const [busy, setBusy] = useState(false);

  /** A page starts empty and is written in the editor. */
  const create = async () => {
    if (busy) return;
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
      <PageHeader title={translate('screens.landing_page')} subtitle={translate('landing_page.subtitle')} />
      <LandingPageList onCreate={() => void create()} onOpen={onOpen} />
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
