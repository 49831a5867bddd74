import { Card, CardContent, Typography } from '@mui/material';
import ConstructionIcon from '@mui/icons-material/Construction';
import { useTranslate } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';

/** Stand-in for a screen that later work fills in: the screen's title and that it is not available yet. */
export const Placeholder = ({ titleKey }: { titleKey: string }) => {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate(titleKey)} />
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
          <ConstructionIcon color="action" />
          <Typography color="text.secondary">{translate('app.not_available')}</Typography>
        </CardContent>
      </Card>
    </>
  );
};
