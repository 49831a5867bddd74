/**
 * The e-mail notices of leave requests (NotificationsService.queue recipient queries: company_id,
 * user_id, subject, body).
 */
const DESCRIPTION = `t.type_name || ' from ' || to_char(r.start_date, 'YYYY-MM-DD') || ' to ' || to_char(r.end_date, 'YYYY-MM-DD')
  || ' (' || trim(trailing '.' from trim(trailing '0' from r.total_days::text)) || case when r.total_days = 1 then ' day)' else ' days)' end`;
const FROM = `from leave_requests r
  join employees e on e.id = r.employee_id
  join leave_types t on t.id = r.leave_type_id`;

/**
 * To the company's admins and, while the company's line-manager policy is on, the employee's
 * manager (but never the one who filed it): a request waits for a decision. Params: request id,
 * requesting user id.
 */
export const REQUEST_SUBMITTED = `
  select r.company_id, u.id as user_id,
         'Leave request from ' || e.first_name || ' ' || e.last_name as subject,
         e.first_name || ' ' || e.last_name || ' requested ' || ${DESCRIPTION} || '.'
           || coalesce(E'\\nReason: ' || r.reason, '') || E'\\nIt waits for your approval in Leave Management.' as body
    ${FROM}
    join users u on u.company_id = r.company_id
     and (u.role = 'company_admin'
          or (u.employee_id = e.manager_id
              and exists (select 1 from companies c where c.id = r.company_id and c.line_managers_enabled)))
   where r.id = ? and u.id <> ?`;

/** To the employee's own account: the request was approved or rejected. Params: request id. */
export const REQUEST_DECIDED = `
  select r.company_id, u.id as user_id,
         'Your leave request was ' || r.status as subject,
         'Your request for ' || ${DESCRIPTION} || ' was ' || r.status || '.'
           || case when r.status = 'rejected' then coalesce(E'\\nReason: ' || r.rejection_reason, '') else '' end as body
    ${FROM}
    join users u on u.employee_id = r.employee_id
   where r.id = ?`;
