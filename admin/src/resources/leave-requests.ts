import type { ResourceConfig } from '../schema/config';

/**
 * Leave Management → Request Leave (hr.md 2, 3 Leave request, 5): the create body of
 * POST /hr/leave-requests. Leave type, start and end date required; total days at least 0.5 in
 * steps of 0.5, default 1; the attachment where the chosen type requires one. Whom the request
 * is for (employee_id) is the caller's own record: not asked in this modal.
 */
export const leaveRequests: ResourceConfig = {
  name: 'hr/leave-requests',
  form: {
    include: ['leave_type_id', 'start_date', 'end_date', 'total_days', 'reason', 'attachment_id'],
    defaults: { total_days: 1 },
    wide: ['leave_type_id', 'total_days', 'reason', 'attachment_id'],
  },
};

export const leaveRequestMessages = {
  'hr/leave-requests': {
    create_title: 'Request Leave',
    save: 'Submit Request',
    created: 'Leave request submitted successfully!',
    save_failed: 'Failed to submit leave request',
    fields: {
      leave_type_id: 'Leave Type',
      start_date: 'Start Date',
      end_date: 'End Date',
      total_days: 'Total Days',
      reason: 'Reason',
      attachment_id: 'Attachment (PDF, PNG or JPEG, at most 5 MB)',
    },
  },
};
