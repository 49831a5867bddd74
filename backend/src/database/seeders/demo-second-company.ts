import type { EntityManager } from '@mikro-orm/postgresql';
import type { Company } from '../../modules/companies/company.entity';
import { seedLeaveDefaults } from '../../modules/leave/leave-defaults';
import { seedTaxBrackets } from '../../modules/payroll/payroll-defaults';
import { seedDemoBilling } from './demo-billing';
import { createDemoCompany } from './demo-subscription';

/** A small second company on the Basic plan, with its own admin (listed in README). */
export const SECOND_COMPANY_ADMIN = {
  role: 'company_admin',
  email: 'owner@brightside.example.com',
  password: 'Bakery#Admin2026',
  username: 'brightside.owner',
} as const;

const STAFF = [
  { code: 'BB001', first: 'Helen', last: 'Sparrow', gender: 'female', pos: 'HEAD', hired: '2019-04-01', salary: '58000.00' },
  { code: 'BB002', first: 'Diego', last: 'Navarro', gender: 'male', pos: 'BAKER', hired: '2021-03-15', salary: '42000.00' },
  { code: 'BB003', first: 'Anna', last: 'Kowalski', gender: 'female', pos: 'BAKER', hired: '2023-09-04', salary: '39000.00' },
  { code: 'BB004', first: 'Tom', last: 'Fletcher', gender: 'male', pos: 'SHOP', hired: '2022-06-20', salary: '34000.00' },
  { code: 'BB005', first: 'Lena', last: 'Fischer', gender: 'female', pos: 'SHOP', hired: '2024-11-11', salary: '32000.00' },
  { code: 'BB006', first: 'Sam', last: 'Okoro', gender: 'male', pos: 'SHOP', hired: '2025-05-05', salary: '31000.00' },
];

/**
 * Brightside Bakery: two departments, three positions, six employees, the defaults every new
 * company gets (leave types, tax table), its admin and three months of paid invoices.
 */
export async function seedSecondCompany(em: EntityManager, passwordHash: string, now: Date): Promise<Company> {
  const company = await createDemoCompany(
    em,
    'basic',
    {
      company_name: 'Brightside Bakery',
      company_code: 'BRIGHT',
      industry: 'Food & Beverage',
      email: 'hello@brightside.example.com',
      phone: '+1 555 0200',
      address: '12 Mill Lane, Portland, OR',
      website: 'https://brightside.example.com',
      time_zone: 'America/Los_Angeles',
    },
    now,
  );
  seedLeaveDefaults(em, company);
  seedTaxBrackets(em, company);
  await em.flush();

  await em.execute(
    `with depts as (
       insert into departments (company_id, department_code, department_name, description)
       values (?, 'KITCHEN', 'Kitchen', 'Bread and pastry, from 4 a.m.'), (?, 'SHOP', 'Shop', 'Counter, orders and deliveries')
       returning id, department_code
     ),
     positions as (
       insert into positions (company_id, position_code, position_title, department_id, level, min_salary, max_salary)
       select ?, p.code, p.title, d.id, p.level, p.min, p.max
         from (values ('HEAD', 'Head Baker', 'KITCHEN', 'senior', 50000.00, 70000.00),
                      ('BAKER', 'Baker', 'KITCHEN', 'mid', 35000.00, 50000.00),
                      ('SHOP', 'Shop Assistant', 'SHOP', 'junior', 28000.00, 38000.00)) as p(code, title, dept, level, min, max)
         join depts d on d.department_code = p.dept
       returning id, position_code, department_id
     )
     insert into employees (company_id, employee_code, first_name, last_name, email, gender, department_id, position_id, hire_date, salary,
                            city, country)
     select ?, x.code, x.first, x.last, lower(x.first || '.' || x.last) || '@brightside.example.com', x.gender, p.department_id, p.id,
            x.hired, x.salary, 'Portland', 'United States'
       from jsonb_to_recordset(?::jsonb) as x(code text, first text, last text, gender text, pos text, hired date, salary numeric)
       join positions p on p.position_code = x.pos`,
    [company.id, company.id, company.id, company.id, JSON.stringify(STAFF)],
  );
  await em.execute(
    `insert into users (username, email, password_hash, role, first_name, last_name, company_id)
     values (?, ?, ?, 'company_admin', 'Helen', 'Sparrow', ?)`,
    [SECOND_COMPANY_ADMIN.username, SECOND_COMPANY_ADMIN.email, passwordHash, company.id],
  );
  await seedDemoBilling(em, company);
  return company;
}
