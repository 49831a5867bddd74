import type { ResourceConfig } from '../schema/config';

export const shifts: ResourceConfig = {
  name: 'hr/shifts',
  list: { exclude: ['id', 'created_at'], secondary: 'start_time' },
  form: {
    include: ['shift_name', 'shift_code', 'start_time', 'end_time', 'break_duration', 'grace_period', 'description', 'is_active'],
    locked: [],
  },
};

export const workLocations: ResourceConfig = {
  name: 'hr/work-locations',
  list: { exclude: ['id', 'created_at'] },
  form: { wide: ['location_name'] },
};

export const shiftAssignments: ResourceConfig = {
  name: 'hr/shift-assignments',
  list: { include: ['employee_id', 'shift_id', 'location_id', 'start_date', 'end_date', 'is_active'], primary: 'employee_id', secondary: 'shift_id' },
  form: { wide: ['employee_id'] },
};

export const shiftRosterMessages = {
  'hr/shifts': {
    add: 'Add Shift',
    create_title: 'Add Shift',
    edit_title: 'Edit Shift',
    empty: 'No shifts yet. Add the first one.',
    created: 'Shift created successfully',
    updated: 'Shift updated successfully',
    deleted: 'Shift deleted successfully',
    save_failed: 'Failed to save shift',
    delete_failed: 'Failed to delete shift',
    confirm_delete_title: 'Delete shift',
    confirm_delete: 'Are you sure you want to delete the shift %{name}?',
    fields: {
      shift_name: 'Shift name',
      shift_code: 'Shift code',
      start_time: 'Start time',
      end_time: 'End time',
      break_duration: 'Break (minutes)',
      grace_period: 'Grace period (minutes)',
      is_active: 'Active',
      description: 'Description',
      assignments_count: 'Assignments',
    },
  },
  'hr/work-locations': {
    add: 'Add Location',
    create_title: 'Add Location',
    edit_title: 'Edit Location',
    empty: 'No work locations yet. Add the first one.',
    created: 'Location created successfully',
    updated: 'Location updated successfully',
    deleted: 'Location deleted successfully',
    save_failed: 'Failed to save location',
    delete_failed: 'Failed to delete location',
    confirm_delete_title: 'Delete location',
    confirm_delete: 'Are you sure you want to delete the location %{name}?',
    fields: {
      location_name: 'Location name',
      address: 'Address',
      latitude: 'Latitude',
      longitude: 'Longitude',
      radius: 'Radius (metres)',
      is_active: 'Active',
    },
    help: { radius: '10 to 1000 metres' },
  },
  'hr/shift-assignments': {
    add: 'Assign Shift',
    create_title: 'Assign Shift',
    edit_title: 'Edit Assignment',
    empty: 'No shift assignments yet.',
    created: 'Shift assigned successfully',
    updated: 'Assignment updated successfully',
    deleted: 'Assignment deleted successfully',
    save_failed: 'Failed to save assignment',
    delete_failed: 'Failed to delete assignment',
    confirm_delete_title: 'Delete assignment',
    confirm_delete: 'Are you sure you want to delete the assignment of %{name}?',
    fields: {
      employee_id: 'Employee',
      shift_id: 'Shift',
      location_id: 'Location',
      start_date: 'Start date',
      end_date: 'End date',
      is_active: 'Active',
    },
    help: { location_id: 'Empty: any active location', end_date: 'Empty for no end' },
  },
};
