import { EditBase, useRecordContext, useTranslate } from 'react-admin';
import { FormDialog } from '../people/FormDialog';
import { pick, useResourceSave } from '../people/useResourceSave';
import EmployeeList from './EmployeeList';
import { EDITABLE_FIELDS, EmployeeForm } from './EmployeeForm';

const toBody = (values: Record<string, any>) => pick(values, EDITABLE_FIELDS);

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const save = useResourceSave({
    resource: 'hr/employees',
    id: record?.id,
    previousData: record,
    transform: toBody,
    successMessage: translate('employees.updated'),
    failureMessage: translate('employees.update_failed'),
  });
  if (!record) return null;
  return <EmployeeForm mode="edit" onSubmit={save} />;
};

/** /hr/employees/:id: the Edit Employee modal over the list (the code cannot change). */
export default function EmployeeEdit() {
  const translate = useTranslate();
  return (
    <>
      <EmployeeList />
      <FormDialog title={translate('employees.edit_title')}>
        <EditBase resource="hr/employees" mutationMode="pessimistic">
          <EditForm />
        </EditBase>
      </FormDialog>
    </>
  );
}
