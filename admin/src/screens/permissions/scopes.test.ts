import { describe, expect, it } from 'vitest';
import type { EntryRecord } from './api';
import { enabledRights, toMatrix, toPayload, withAction, withScope, type Rights } from './scopes';

const entry = (moduleKey: string, rights: Partial<EntryRecord>): EntryRecord => ({
  id: 1,
  position_id: 7,
  department_id: null,
  module_id: 5,
  module: { id: 5, module_key: moduleKey, module_name: moduleKey },
  can_view: false,
  can_create: false,
  can_edit: false,
  can_delete: false,
  view_scope: null,
  create_scope: null,
  edit_scope: null,
  delete_scope: null,
  ...rights,
});

const scopes = (rights: Rights | undefined) => rights && [rights.view_scope, rights.create_scope, rights.edit_scope, rights.delete_scope];

describe('the scopes of the permission matrix', () => {
  it('a module enabled grants view at the scope the server gives flags sent alone', () => {
    expect(scopes(enabledRights('leave'))).toEqual(['own', null, null, null]);
    expect(scopes(enabledRights('attendance'))).toEqual(['own', null, null, null]);
    expect(scopes(enabledRights('payroll'))).toEqual(['own', null, null, null]);
    expect(scopes(enabledRights('employees'))).toEqual(['company', null, null, null]);
  });

  it('an action ticked starts at its default, and a scope left at its default follows the flags', () => {
    const approves = withAction('leave', enabledRights('leave'), 'edit', true);
    expect(scopes(approves)).toEqual(['company', null, 'company', null]);
    // unticked again: back to one's own requests
    expect(scopes(withAction('leave', approves, 'edit', false))).toEqual(['own', null, null, null]);
    const staff = withAction('payroll', enabledRights('payroll'), 'create', true);
    expect(scopes(staff)).toEqual(['company', 'company', null, null]);
    expect(scopes(withAction('attendance', enabledRights('attendance'), 'create', true))).toEqual(['own', 'company', null, null]);
  });

  it('a scope chosen stays when other actions are ticked', () => {
    const team = withScope(enabledRights('leave'), 'view', 'team');
    const approves = withAction('leave', team, 'edit', true);
    expect(scopes(approves)).toEqual(['team', null, 'company', null]);
    expect(scopes(withScope(approves!, 'edit', 'team'))).toEqual(['team', null, 'team', null]);
  });

  it('unticking view disables the module, and an action not granted has no scope to choose', () => {
    expect(withAction('leave', enabledRights('leave'), 'view', false)).toBeUndefined();
    expect(scopes(withScope(enabledRights('leave'), 'delete', 'team'))).toEqual(['own', null, null, null]);
  });

  it('saving sends the scope of every granted action and nothing for the others', () => {
    const matrix = toMatrix([entry('leave', { can_view: true, can_edit: true, view_scope: 'team', edit_scope: 'department' })]);
    expect(toPayload(matrix)).toEqual([
      { module_id: 5, can_view: true, can_create: false, can_edit: true, can_delete: false, view_scope: 'team', edit_scope: 'department' },
    ]);
  });

  it('a granted action read without a scope shows its default', () => {
    const matrix = toMatrix([entry('payroll', { can_view: true })]);
    expect(scopes(matrix[5])).toEqual(['own', null, null, null]);
  });
});
