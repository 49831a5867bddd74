import { useTranslate } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { PermissionManagement } from './PermissionManagement';

/** /hr/permissions (hr.md Permission Management); the same matrix is the Settings page's first tab. */
export default function PermissionsScreen() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('permission_management.title')} subtitle={translate('permission_management.subtitle')} />
      <PermissionManagement />
    </>
  );
}
