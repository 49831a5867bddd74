import { useState } from 'react';
import { Box, Button, Chip, Typography } from '@mui/material';
import { useNotify, useRefresh, useTranslate, type RaRecord } from 'react-admin';
import { errorMessage } from '../../providers/httpClient';
import { landingPages } from '../../resources/platform';
import type { ResourceConfig } from '../../schema/config';
import { SchemaResource } from '../../schema/SchemaResource';
import { cmsApi } from './api';

const PageTitle = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return (
    <Box>
      <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
        {record.hero_title || translate('landing_page.untitled')}
      </Typography>
      <Typography component="span" variant="body2" color="text.secondary">
        #{record.id}
      </Typography>
    </Box>
  );
};

const ActiveBadge = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return record.is_active ? (
    <Chip color="success" size="small" label={translate('landing_page.active')} />
  ) : (
    <Chip variant="outlined" size="small" label={translate('landing_page.inactive')} />
  );
};

/** Publishes a page that is not the active one. */
const ActivateButton = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [busy, setBusy] = useState(false);
  if (record.is_active) return null;
  const activate = async () => {
    setBusy(true);
    try {
      await cmsApi.activate(Number(record.id));
      notify('landing_page.messages.activated', { type: 'success' });
      refresh();
    } catch (error) {
      notify(errorMessage(error, translate('landing_page.messages.activate_failed')), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="small"
      disabled={busy}
      onClick={() => void activate()}
      aria-label={`${translate('landing_page.activate')} ${record.hero_title || translate('landing_page.untitled')}`}
    >
      {translate('landing_page.activate')}
    </Button>
  );
};

const config: ResourceConfig = {
  ...landingPages,
  cells: { hero_title: PageTitle, is_active: ActiveBadge },
  rowActions: ActivateButton,
};

/** The landing pages with their created date and an Active badge; open one in the editor, activate, delete. */
export function LandingPageList({ onCreate, onOpen }: { onCreate: () => void; onOpen: (id: number) => void }) {
  return (
    <SchemaResource
      config={config}
      onCreate={onCreate}
      onEdit={(record) => onOpen(Number(record.id))}
      onOpen={(record) => onOpen(Number(record.id))}
    />
  );
}
