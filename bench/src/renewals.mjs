// The companies the renewal job bills: `n` subscriptions whose period ended yesterday, made with
// set-based SQL like the data set. They go into the working copy the batch phase measures on
// (after the absent job), not into the template, so no other figure sees them.

/** The bench's renewal companies' codes start with this. */
export const RENEWAL_PREFIX = 'RENEW';

/**
 * `n` companies, each with one admin (who gets the invoice e-mail): packages and cycles mixed
 * (basic, standard and premium; one in four annual), tax rates 0, 7.25 and 20 %, five time zones,
 * one in ten with a downgrade scheduled for the period end and one in fifty cancelled for it.
 */
export async function seedRenewals(db, n, passwordHash) {
  await db.query('begin');
  try {
    const companies = await db.query(
      `insert into companies (company_name, company_code, industry, email, package_id, subscription_plan, time_zone,
                              billing_cycle, billing_status, current_period_start, current_period_end, tax_rate,
                              scheduled_package_id, cancel_at_period_end, created_at)
       select 'Renewal Company ' || g, '${RENEWAL_PREFIX}' || lpad(g::text, 5, '0'), 'Services',
              'billing' || g || '@renew.example.com', p.id, p.package_code,
              (array['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Tokyo', 'Pacific/Auckland'])[g % 5 + 1],
              x.cycle, 'active',
              (current_date - 1 - case when x.cycle = 'annual' then interval '1 year' else interval '1 month' end)::date,
              current_date - 1,
              (array[0, 7.25, 20])[g % 3 + 1],
              case when g % 10 = 0 then (select id from packages where package_code = 'basic') end,
              g % 50 = 0, timestamptz '2020-01-01'
         from generate_series(1, $1::int) g
         cross join lateral (select case when g % 4 = 0 then 'annual' else 'monthly' end as cycle) x
         join packages p on p.package_code = (array['basic', 'standard', 'premium'])[g % 3 + 1]`,
      [n],
    );
    await db.query(
      `insert into users (username, email, password_hash, role, first_name, last_name, company_id)
       select 'admin-' || lower(c.company_code), 'admin@' || lower(c.company_code) || '.example.com', $1, 'company_admin',
              'Admin', c.company_name, c.id
         from companies c where c.company_code like '${RENEWAL_PREFIX}%'`,
      [passwordHash],
    );
    await db.query('commit');
    await db.query('analyze companies, users');
    return companies.rowCount;
  } catch (e) {
    await db.query('rollback');
    throw e;
  }
}
