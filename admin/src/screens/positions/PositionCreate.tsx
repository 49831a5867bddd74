import { CreateBase, useTranslate } from 'react-admin';
import { FormDialog } from '../people/FormDialog';
import { pick, useResourceSave } from '../people/useResourceSave';
import PositionList from './PositionList';
import { POSITION_FIELDS, PositionForm } from './PositionForm';

const toBody = (values: Record<string, any>) => pick(values, ['position_code', ...POSITION_FIELDS]);

/** /hr/positions/create: the add modal over the table. */
export default function PositionCreate() {
  const translate = useTranslate();
  const save = useResourceSave({
    resource: 'hr/positions',
    transform: toBody,
    successMessage: translate('positions.created'),
    failureMessage: translate('positions.create_failed'),
  });
  return (
    <>
      <PositionList />
      <FormDialog title={translate('positions.create_title')}>
        <CreateBase resource="hr/positions">
          <PositionForm mode="create" onSubmit={save} />
        </CreateBase>
      </FormDialog>
    </>
  );
}
