import { useTranslate } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader';
import { departments } from '../../resources/people';
import type { ResourceConfig } from '../../schema/config';
import { SchemaResource } from '../../schema/SchemaResource';
import { recordCards } from '../people/RecordCards';

const config: ResourceConfig = { ...departments, view: recordCards(departments.name, { primary: 'department_name', status: 'is_active' }) };

/** /hr/departments (hr.md 2 Departments): a card grid of the generated fields, the generated add and edit forms. */
export default function DepartmentsScreen() {
  const translate = useTranslate();
  return (
    <>
      <PageHeader title={translate('departments.title')} subtitle={translate('departments.subtitle')} />
      <SchemaResource config={config} />
    </>
  );
}
