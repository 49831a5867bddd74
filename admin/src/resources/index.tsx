/**
 * react-admin resources. The resource name is the spec route without its leading slash
 * (`hr/employees` → route /hr/employees, API GET /api/hr/employees). Every view is wrapped in the
 * route guard of its path, so list/create/edit/show obey src/access.ts like the custom screens.
 */
import type { ComponentType } from 'react';
import type { ResourceProps } from 'react-admin';
import type { ProtectedPath } from '../access';
import { guarded, lazyScreen } from '../routes';

type Views = Pick<ResourceProps, 'recordRepresentation' | 'options' | 'hasCreate' | 'hasEdit' | 'hasShow'> & {
  list?: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  show?: ComponentType;
};

export type ResourceDefinition = Omit<ResourceProps, 'children'> & { name: string };

/** `defineResource('/hr/employees', { list, create, edit })` → props for <Resource name="hr/employees">. */
export const defineResource = (path: ProtectedPath, { list, create, edit, show, ...rest }: Views): ResourceDefinition => ({
  name: path.slice(1),
  list: list && guarded(path, list),
  create: create && guarded(path, create),
  edit: edit && guarded(path, edit),
  show: show && guarded(path, show),
  ...rest,
});

export const resources: ResourceDefinition[] = [
  defineResource('/hr/employees', {
    list: lazyScreen(() => import('../screens/employees/EmployeesScreen')),
  }),
  defineResource('/hr/departments', {
    list: lazyScreen(() => import('../screens/departments/DepartmentsScreen')),
  }),
  defineResource('/hr/positions', {
    list: lazyScreen(() => import('../screens/positions/PositionsScreen')),
  }),
];
