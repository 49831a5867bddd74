import { EditBase, useRecordContext, useTranslate } from 'react-admin';
import { FormDialog } from '../people/FormDialog';
import { pick, useResourceSave } from '../people/useResourceSave';
import DepartmentList from './DepartmentList';
import { DEPARTMENT_FIELDS, DepartmentForm } from './DepartmentForm';

const toBody = (values: Record<string, any>) => pick(values, DEPARTMENT_FIELDS);

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const save = useResourceSave({
    resource: 'hr/departments',
    id: record?.id,
    previousData: record,
    transform: toBody,
    successMessage: translate('departments.updated'),
    failureMessage: translate('departments.update_failed'),
  });
  if (!record) return null;
  return <DepartmentForm mode="edit" onSubmit={save} />;
};

/** /hr/departments/:id: the edit modal over the card grid. */
export default function DepartmentEdit() {
  const translate = useTranslate();
  return (
    <>
      <DepartmentList />
      <FormDialog title={translate('departments.edit_title')}>
        <EditBase resource="hr/departments" mutationMode="pessimistic">
          <EditForm />
        </EditBase>
      </FormDialog>
    </>
  );
}
