import './messages.en';
import { useTranslate } from 'react-admin';
import { useSession } from '../../auth/useSession';
import { PageHeader } from '../../layout/PageHeader';
import { toModuleAccess } from '../../providers/session';
import { MyPayroll } from './MyPayroll';
import { PayrollAdmin } from './PayrollAdmin';

/**
 * /hr/payroll (hr.md 2 Payroll): payroll staff (company_admin, an impersonating superadmin, or
 * create/edit rights on payroll) process and pay the company's payroll; everyone else sees My Payroll.
 */
export default function PayrollScreen() {
  const translate = useTranslate();
  const session = useSession();
  const role = session.user?.role;
  const rights = toModuleAccess(session.permissions).payroll;
  const staff = role === 'company_admin' || role === 'superadmin' || !!rights?.create || !!rights?.edit;

  if (!staff) {
    return (
      <>
        <PageHeader title={translate('menu.my_payroll')} subtitle={translate('payroll.my_subtitle')} />
        <MyPayroll />
      </>
    );
  }
  return <PayrollAdmin canRun={role === 'company_admin' || role === 'superadmin' || !!rights?.create} canPay={role === 'company_admin' || role === 'superadmin' || !!rights?.edit} />;
}
