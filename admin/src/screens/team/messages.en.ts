import { addMessages } from '../../providers/i18nProvider';

/** My Team: the people a manager covers, today, their requests waiting, their leave and attendance. */
export const teamMessages = {
  subtitle: 'Your people: who is in today, what waits for your decision, who is off',
  tabs: { today: 'Today', approvals: 'Approvals', calendar: 'Calendar', attendance: 'Attendance' },
  status: { in: 'In', late: 'Late', absent: 'Absent', on_leave: 'On leave', not_in: 'Not in yet' },
  today: {
    title: 'Today · %{date}',
    zone: 'Times in %{zone}',
    total: '%{smart_count} person |||| %{smart_count} people',
    empty: 'Nobody reports to you yet.',
    failed: "Could not load today's attendance of your team.",
    checked_in: 'In at %{time}',
    checked_out: 'out at %{time}',
    leave: 'On %{type}',
  },
  approvals: {
    empty: 'Nothing waiting for you.',
    failed: 'Could not load the requests waiting for you.',
    approve: 'Approve',
    reject: 'Reject',
    approved: 'Leave request approved',
    rejected: 'Leave request rejected',
    action_failed: 'The request could not be decided. Please try again.',
    requested: 'Requested %{date}',
  },
  calendar: {
    previous: 'Previous month',
    next: 'Next month',
    failed: 'Could not load the leave calendar.',
    empty: 'Nobody in your team is off this month.',
    pending: 'Pending',
    approved: 'Approved',
    overlaps: 'Overlaps another request',
    holiday: 'Holiday',
    more: '+%{smart_count} more',
  },
  attendance: {
    search: 'Search by name or code',
    empty: 'No attendance records of your team in these dates.',
    failed: 'Could not load the attendance of your team.',
  },
  home: {
    title: 'Your team today',
    open: 'Open My Team',
    summary: '%{in} in · %{late} late · %{absent} absent · %{on_leave} on leave · %{not_in} not in yet',
  },
};

addMessages({ team: teamMessages });
