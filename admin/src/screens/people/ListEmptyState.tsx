import type { ReactNode } from 'react';
import { Button, Card, CardContent, Stack, Typography } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import { ReferenceInput, SelectInput, useRedirect, useTranslate } from 'react-admin';

/**
 * The empty state of a people list: an icon, what is missing, and — for who may create — the
 * button that creates the first one (plus any further actions, e.g. Import).
 */
export const ListEmptyState = ({
  resource,
  icon,
  messages,
  canCreate,
  extra,
}: {
  resource: string;
  icon: ReactNode;
  /** i18n keys */
  messages: { title: string; hint: string; create: string };
  canCreate: boolean;
  extra?: ReactNode;
}) => {
  const translate = useTranslate();
  const redirect = useRedirect();
  return (
    <Card variant="outlined" sx={{ mt: 2, width: '100%' }}>
      <CardContent sx={{ textAlign: 'center', py: 6, '& > svg': { fontSize: 48, color: 'text.secondary' } }}>
        {icon}
        <Typography variant="h6" sx={{ mt: 1 }}>
          {translate(messages.title)}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate(messages.hint)}
        </Typography>
        {canCreate && (
          <Stack direction="row" spacing={1} justifyContent="center">
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => redirect('create', resource)}>
              {translate(messages.create)}
            </Button>
            {extra}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
};

const REFERENCES = {
  department_id: { reference: 'hr/departments', optionText: 'department_name' },
  position_id: { reference: 'hr/positions', optionText: 'position_title' },
} as const;

/** An always-on list filter picking a department or a position by name. */
export const referenceFilter = (source: keyof typeof REFERENCES, label: string) => {
  const { reference, optionText } = REFERENCES[source];
  return (
    <ReferenceInput key={source} source={source} reference={reference} perPage={200} sort={{ field: optionText, order: 'ASC' }} alwaysOn>
      <SelectInput label={label} optionText={optionText} emptyText="—" />
    </ReferenceInput>
  );
};
