import { EditBase, useRecordContext, useTranslate } from 'react-admin';
import { FormDialog } from '../people/FormDialog';
import { pick, useResourceSave } from '../people/useResourceSave';
import PositionList from './PositionList';
import { POSITION_FIELDS, PositionForm } from './PositionForm';

const toBody = (values: Record<string, any>) => pick(values, POSITION_FIELDS);

const EditForm = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  const save = useResourceSave({
    resource: 'hr/positions',
    id: record?.id,
    previousData: record,
    transform: toBody,
    successMessage: translate('positions.updated'),
    failureMessage: translate('positions.update_failed'),
  });
  if (!record) return null;
  return <PositionForm mode="edit" onSubmit={save} />;
};

/** /hr/positions/:id: the edit modal over the table. */
export default function PositionEdit() {
  const translate = useTranslate();
  return (
    <>
      <PositionList />
      <FormDialog title={translate('positions.edit_title')}>
        <EditBase resource="hr/positions" mutationMode="pessimistic">
          <EditForm />
        </EditBase>
      </FormDialog>
    </>
  );
}
