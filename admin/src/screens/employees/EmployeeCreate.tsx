import { CreateBase, useTranslate } from 'react-admin';
import { FormDialog } from '../people/FormDialog';
import { pick, useResourceSave } from '../people/useResourceSave';
import EmployeeList from './EmployeeList';
import { EDITABLE_FIELDS, EmployeeForm } from './EmployeeForm';

const toBody = (values: Record<string, any>) => ({
  ...pick(values, ['employee_code', ...EDITABLE_FIELDS]),
  ...(values.enable_login ? { enable_login: true, username: values.username, password: values.password } : {}),
});

/** /hr/employees/create: the Add Employee modal over the list. */
export default function EmployeeCreate() {
  const translate = useTranslate();
  const save = useResourceSave({
    resource: 'hr/employees',
    transform: toBody,
    successMessage: translate('employees.created'),
    failureMessage: translate('employees.create_failed'),
  });
  return (
    <>
      <EmployeeList />
      <FormDialog title={translate('employees.create_title')}>
        <CreateBase resource="hr/employees">
          <EmployeeForm mode="create" onSubmit={save} />
        </CreateBase>
      </FormDialog>
    </>
  );
}
