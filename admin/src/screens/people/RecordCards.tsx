import { Box, Card, CardActions, CardContent, Grid, LinearProgress, Stack, Typography } from '@mui/material';
import { RecordContextProvider, useListContext, type RaRecord } from 'react-admin';
import type { ListViewProps } from '../../schema/config';
import type { FieldDescriptor } from '../../schema/derive';
import { SchemaField } from '../../schema/fields';
import { useLabels } from '../../schema/schema';

/**
 * A list's records as a grid of cards fed by the generated columns: the `primary` field as the
 * title, the `status` field as a chip, a multiline field as a paragraph and every other column as
 * a labelled line, so a field added to the document shows on the card without changes here.
 */
export function recordCards(resource: string, { primary, status }: { primary: string; status?: string }) {
  const RecordCard = ({ record, columns, actions }: { record: RaRecord; columns: FieldDescriptor[]; actions: ListViewProps['actions'] }) => {
    const labels = useLabels(resource);
    const title = columns.find((c) => c.source === primary);
    const chip = columns.find((c) => c.source === status);
    const rest = columns.filter((c) => c !== title && c !== chip);
    return (
      <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid="record-card">
        <RecordContextProvider value={record}>
          <CardContent sx={{ flexGrow: 1 }}>
            <Stack direction="row" justifyContent="space-between" alignItems="flex-start" spacing={1}>
              <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem', minWidth: 0, overflowWrap: 'anywhere' }}>
                {title ? String(record[title.source] ?? '') : null}
              </Typography>
              {chip && <SchemaField resource={resource} field={chip} />}
            </Stack>
            <Box component="dl" sx={{ m: 0, mt: 1 }}>
              {rest.map((field) =>
                field.kind === 'multiline' ? (
                  record[field.source] ? (
                    <Typography key={field.source} component="dd" variant="body2" sx={{ m: 0, my: 1, overflowWrap: 'anywhere' }}>
                      {String(record[field.source])}
                    </Typography>
                  ) : null
                ) : (
                  <Stack key={field.source} direction="row" spacing={0.75} alignItems="baseline" sx={{ minWidth: 0 }}>
                    <Typography component="dt" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                      {labels.field(field.source)}:
                    </Typography>
                    <Box component="dd" sx={{ m: 0, minWidth: 0 }}>
                      <SchemaField resource={resource} field={field} />
                    </Box>
                  </Stack>
                ),
              )}
            </Box>
          </CardContent>
          <CardActions sx={{ justifyContent: 'flex-end' }}>{actions(record)}</CardActions>
        </RecordContextProvider>
      </Card>
    );
  };

  return function RecordCards({ columns, actions }: ListViewProps) {
    const { data, isPending } = useListContext();
    if (isPending) return <LinearProgress sx={{ my: 2 }} />;
    return (
      <Grid container spacing={2} sx={{ p: { xs: 1, sm: 2 } }}>
        {(data ?? []).map((record) => (
          <Grid key={record.id} size={{ xs: 12, sm: 6, lg: 4 }}>
            <RecordCard record={record} columns={columns} actions={actions} />
          </Grid>
        ))}
      </Grid>
    );
  };
}
