import '../screen.messages.en';
import { Divider, Stack, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import { ChangePasswordForm } from '../../../auth/ChangePasswordForm';
import { useSession } from '../../../auth/useSession';
import { companyName } from '../../../providers/session';
import { OwnContactForm } from './OwnContactForm';
import { TabCard } from './TabCard';

/**
 * Settings → Profile: read-only username, email, role and company ('N/A' without one), the own
 * contact details and emergency contact (users with an employee record), and the password change.
 */
export default function ProfileTab() {
  const translate = useTranslate();
  const session = useSession();
  const user = session.user;
  const fields = [
    { key: 'username', value: user?.username ?? '' },
    { key: 'email', value: user?.email ?? '' },
    { key: 'role', value: user ? translate(`settings.profile.roles.${user.role}`, { _: user.role }) : '' },
    { key: 'company', value: companyName(session) || translate('settings.profile.none') },
    // the company's day, dates and times follow its time zone (chosen at sign-up)
    ...(user?.time_zone ? [{ key: 'time_zone', value: user.time_zone }] : []),
  ];
  return (
    <TabCard title={translate('settings.profile.title')}>
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        {fields.map((field) => (
          <TextField
            key={field.key}
            label={translate(`settings.profile.${field.key}`)}
            value={field.value}
            fullWidth
            slotProps={{ input: { readOnly: true } }}
          />
        ))}
      </Stack>
      <Divider sx={{ my: 3 }} />
      <OwnContactForm />
      <Divider sx={{ my: 3 }} />
      <ChangePasswordForm />
    </TabCard>
  );
}
