import { CreateBase, useTranslate } from 'react-admin';
import { FormDialog } from '../people/FormDialog';
import { pick, useResourceSave } from '../people/useResourceSave';
import DepartmentList from './DepartmentList';
import { DEPARTMENT_FIELDS, DepartmentForm } from './DepartmentForm';

const toBody = (values: Record<string, any>) => pick(values, ['department_code', ...DEPARTMENT_FIELDS]);

/** /hr/departments/create: the add modal over the card grid. */
export default function DepartmentCreate() {
  const translate = useTranslate();
  const save = useResourceSave({
    resource: 'hr/departments',
    transform: toBody,
    successMessage: translate('departments.created'),
    failureMessage: translate('departments.create_failed'),
  });
  return (
    <>
      <DepartmentList />
      <FormDialog title={translate('departments.create_title')}>
        <CreateBase resource="hr/departments">
          <DepartmentForm mode="create" onSubmit={save} />
        </CreateBase>
      </FormDialog>
    </>
  );
}
