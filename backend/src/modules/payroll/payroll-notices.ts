/**
 * To each paid employee's own account: the pay of a period was paid (NotificationsService.queue
 * recipient query). Params: the list of payroll record ids.
 */
export const PAY_PAID = `
  select r.company_id, u.id as user_id,
         'Your pay for ' || to_char(r.pay_period_start, 'FMMonth YYYY') || ' has been paid' as subject,
         'Net pay of ' || r.net_salary::text || ' ' || r.salary_currency || ' for ' || to_char(r.pay_period_start, 'FMMonth YYYY')
           || ' was paid on ' || to_char(r.payment_date, 'YYYY-MM-DD') || E'.\\nYour payslip is in My Payroll.' as body
    from payroll_records r
    join users u on u.employee_id = r.employee_id
   where r.id in (?)`;
