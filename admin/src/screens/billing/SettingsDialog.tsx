import { useState } from 'react';
import { Box, Skeleton } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import type { components } from '../../../../openapi/schema';
import { LoadError } from '../../layout/LoadError';
import { apiAnswer, apiData, client } from '../../providers/apiClient';
import { errorMessage } from '../../providers/httpClient';
import { billingSettings, SETTINGS_BODY } from '../../resources/billing';
import { SchemaActionForm } from '../../schema/SchemaActionForm';
import { FormDialog } from '../../schema/SchemaResource';
import { actionSchema } from '../../schema/schema';

type SettingsBody = components['schemas']['UpdateBillingSettingsDto'];

const SETTINGS_KEY = ['billing', 'settings'] as const;

/** The platform's billing settings: the form generated from PUT billing/settings, filled with the current ones. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [body] = useState(() => actionSchema(SETTINGS_BODY));
  const { data, isPending, error, refetch } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: () => apiData(client.GET('/api/billing/settings')),
  });
  const submit = async (values: Record<string, unknown>) => {
    const { data: saved, message } = await apiAnswer(client.PUT('/api/billing/settings', { body: values as SettingsBody }));
    queryClient.setQueryData(SETTINGS_KEY, saved);
    notify(message ?? translate('billing.settings_saved'), { type: 'success' });
    onClose();
  };
  return (
    <FormDialog title={translate('billing.settings')} onClose={onClose}>
      {error ? (
        <Box sx={{ p: 2 }}>
          <LoadError onRetry={refetch}>{errorMessage(error, translate('billing.settings_load_failed'))}</LoadError>
        </Box>
      ) : isPending || !data ? (
        <Box sx={{ p: 2 }}>
          <Skeleton variant="rounded" height={240} />
        </Box>
      ) : (
        <SchemaActionForm
          config={billingSettings}
          body={body}
          values={data}
          onSubmit={submit}
          onCancel={onClose}
          failed={translate('billing.settings_failed')}
        />
      )}
    </FormDialog>
  );
}
