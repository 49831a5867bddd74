import type { ResourceConfig } from '../schema/config';

export const tasks: ResourceConfig = {
  name: 'monitoring/tasks',
  list: {
    include: ['title', 'category', 'priority', 'status', 'assigned_to', 'department_id', 'due_date', 'progress_percentage'],
    primary: 'title',
    secondary: 'assigned_to',
    status: 'status',
    filterChoices: { status: ['pending', 'in_progress', 'completed', 'overdue'] },
  },
  form: {
    include: ['title', 'description', 'category', 'priority', 'status', 'assigned_to', 'employee_id', 'department_id', 'position_id', 'due_date', 'estimated_hours', 'progress_percentage'],
    wide: ['title'],
  },
};

export const taskTemplates: ResourceConfig = {
  name: 'monitoring/tasks/templates',
  list: { include: ['name', 'title', 'category', 'priority', 'due_in_days', 'department_id', 'position_id', 'is_active'], secondary: 'title', status: 'is_active' },
  form: { wide: ['name', 'title'] },
};

const CATEGORY = {
  general: 'General',
  onboarding: 'Onboarding',
  offboarding: 'Offboarding',
  leave_approval: 'Leave Approval',
  payroll_processing: 'Payroll Processing',
  performance_review: 'Performance Review',
};
const PRIORITY = { low: 'Low', medium: 'Medium', high: 'High', urgent: 'Urgent', critical: 'Critical' };
const STATUS = { pending: 'Pending', in_progress: 'In Progress', completed: 'Completed', cancelled: 'Cancelled', on_hold: 'On Hold', overdue: 'Overdue' };

export const monitoringResourceMessages = {
  'monitoring/tasks': {
    add: 'Add Task',
    create_title: 'Add Task',
    edit_title: 'Edit Task',
    empty: 'No tasks found',
    search: 'Search tasks',
    created: 'Task created successfully',
    updated: 'Task updated successfully',
    deleted: 'Task deleted successfully',
    save_failed: 'Failed to save task',
    delete_failed: 'Failed to delete task',
    confirm_delete_title: 'Delete task',
    confirm_delete: 'Delete the task "%{name}" and its comments? This cannot be undone.',
    fields: {
      title: 'Title',
      description: 'Description',
      category: 'Category',
      priority: 'Priority',
      status: 'Status',
      assigned_to: 'Assigned To',
      employee_id: 'Employee',
      department_id: 'Department',
      position_id: 'Position',
      due_date: 'Due Date',
      due_from: 'Due from',
      due_to: 'Due to',
      is_overdue: 'Overdue',
      estimated_hours: 'Estimated Hours',
      progress_percentage: 'Progress',
      department_ids: 'Departments',
      employee_ids: 'Employees',
    },
    help: { employee_id: 'The employee the task is about', due_date: 'The end of that day in the company time zone' },
    enums: { category: CATEGORY, priority: PRIORITY, status: STATUS },
  },
  'monitoring/tasks/templates': {
    add: 'Add Template',
    create_title: 'Add Task Template',
    edit_title: 'Edit Task Template',
    empty: 'No task templates yet. Add the first one.',
    search: 'Search templates',
    created: 'Template created successfully',
    updated: 'Template updated successfully',
    deleted: 'Template deleted successfully',
    save_failed: 'Failed to save template',
    delete_failed: 'Failed to delete template',
    confirm_delete_title: 'Delete template',
    confirm_delete: 'Are you sure you want to delete the template %{name}?',
    fields: {
      name: 'Template name',
      title: 'Task title',
      description: 'Description',
      category: 'Category',
      priority: 'Priority',
      estimated_hours: 'Estimated Hours',
      due_in_days: 'Due in (days)',
      department_id: 'Department',
      position_id: 'Position',
      is_active: 'Active',
    },
    help: { due_in_days: 'Tasks are due this many days after creation' },
    enums: { category: CATEGORY, priority: PRIORITY },
  },
};
