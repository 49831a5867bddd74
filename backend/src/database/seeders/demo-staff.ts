import type { EntityManager } from '@mikro-orm/postgresql';
import { DateTime } from 'luxon';

/**
 * Acme's staff beyond the first five: 35 people in the five departments. Hire dates are fixed
 * except two recent joiners (days before today); three people have left (two recently, one last
 * year) and one is on maternity leave (her leave request is in demo-leave.ts).
 */
interface StaffMember {
  code: string;
  first: string;
  last: string;
  gender: 'female' | 'male';
  pos: string;
  /** YYYY-MM-DD, or days before today for a recent joiner */
  hired: string | number;
  salary: number;
  type?: 'part_time' | 'contract' | 'intern';
  /** days before today, or YYYY-MM-DD */
  left?: number | string;
  status?: 'on_leave';
  city: string;
}

const SF = 'San Francisco';
const NY = 'New York';

export const STAFF: readonly StaffMember[] = [
  { code: 'EMP006', first: 'Priya', last: 'Patel', gender: 'female', pos: 'SWE', hired: '2020-05-18', salary: 112000, city: SF },
  { code: 'EMP007', first: 'Marcus', last: 'Johnson', gender: 'male', pos: 'SWE', hired: '2019-09-03', salary: 118000, city: SF },
  { code: 'EMP008', first: 'Sofia', last: 'Rossi', gender: 'female', pos: 'SWE', hired: '2022-11-07', salary: 92000, city: SF },
  { code: 'EMP009', first: 'Daniel', last: 'Kim', gender: 'male', pos: 'SWE', hired: '2023-06-12', salary: 88000, city: SF },
  { code: 'EMP010', first: 'Hannah', last: 'Schmidt', gender: 'female', pos: 'SWE', hired: '2021-04-19', salary: 101000, city: SF },
  { code: 'EMP011', first: 'Tomás', last: 'Alvarez', gender: 'male', pos: 'SWE', hired: '2024-04-08', salary: 79000, city: SF },
  { code: 'EMP012', first: 'Grace', last: 'Liu', gender: 'female', pos: 'SWE', hired: '2025-01-13', salary: 74000, city: SF },
  { code: 'EMP013', first: 'Ethan', last: 'Brooks', gender: 'male', pos: 'SWE', hired: '2018-02-26', salary: 119000, city: SF },
  { code: 'EMP014', first: 'Noah', last: 'Williams', gender: 'male', pos: 'SWE', hired: 40, salary: 70000, city: SF },
  { code: 'EMP015', first: 'Olivia', last: 'Chen', gender: 'female', pos: 'SWE', hired: '2022-03-14', salary: 96000, left: 60, city: SF },
  { code: 'EMP016', first: 'Fatima', last: 'Haddad', gender: 'female', pos: 'HRM', hired: '2020-08-10', salary: 72000, city: SF },
  { code: 'EMP017', first: 'Kevin', last: "O'Brien", gender: 'male', pos: 'HRM', hired: '2023-01-23', salary: 61000, city: SF },
  { code: 'EMP018', first: 'Yuki', last: 'Tanaka', gender: 'female', pos: 'HRM', hired: '2024-07-01', salary: 58000, type: 'part_time', city: SF },
  { code: 'EMP019', first: 'Carlos', last: 'Mendes', gender: 'male', pos: 'SREP', hired: '2021-10-04', salary: 64000, city: NY },
  { code: 'EMP020', first: 'Emily', last: 'Clarke', gender: 'female', pos: 'SREP', hired: '2022-05-16', salary: 58000, city: NY },
  { code: 'EMP021', first: 'Ryan', last: 'Foster', gender: 'male', pos: 'SREP', hired: '2023-08-21', salary: 55000, city: NY },
  { code: 'EMP022', first: 'Aisha', last: 'Bello', gender: 'female', pos: 'SREP', hired: '2024-03-11', salary: 47000, city: NY },
  { code: 'EMP023', first: 'Lucas', last: 'Martin', gender: 'male', pos: 'SREP', hired: '2025-02-03', salary: 42000, city: NY },
  { code: 'EMP024', first: 'Chloe', last: 'Dubois', gender: 'female', pos: 'SREP', hired: '2023-02-06', salary: 51000, left: 36, city: NY },
  { code: 'EMP025', first: 'Isaac', last: 'Newman', gender: 'male', pos: 'SREP', hired: 18, salary: 40000, city: NY },
  { code: 'EMP026', first: 'Rosa', last: 'Delgado', gender: 'female', pos: 'OPSC', hired: '2019-03-11', salary: 68000, city: NY },
  { code: 'EMP027', first: 'Samuel', last: 'Osei', gender: 'male', pos: 'OPSC', hired: '2021-07-26', salary: 52000, city: NY },
  { code: 'EMP028', first: 'Mei', last: 'Wong', gender: 'female', pos: 'OPSC', hired: '2022-09-12', salary: 49000, status: 'on_leave', city: NY },
  { code: 'EMP029', first: 'Patrick', last: 'Byrne', gender: 'male', pos: 'OPSC', hired: '2023-04-17', salary: 47000, city: NY },
  { code: 'EMP030', first: 'Nadia', last: 'Petrova', gender: 'female', pos: 'OPSC', hired: '2024-01-08', salary: 45000, city: NY },
  { code: 'EMP031', first: 'Omar', last: 'Farouk', gender: 'male', pos: 'OPSC', hired: '2024-10-14', salary: 44000, city: NY },
  { code: 'EMP032', first: 'Laura', last: 'Bianchi', gender: 'female', pos: 'OPSC', hired: '2020-06-01', salary: 39000, type: 'part_time', city: NY },
  { code: 'EMP033', first: 'Victor', last: 'Reyes', gender: 'male', pos: 'OPSC', hired: '2025-06-02', salary: 41000, type: 'contract', city: NY },
  { code: 'EMP034', first: 'Zoe', last: 'Turner', gender: 'female', pos: 'OPSC', hired: '2021-02-15', salary: 50000, left: '2025-08-29', city: NY },
  { code: 'EMP035', first: 'Benjamin', last: 'Wright', gender: 'male', pos: 'ACC', hired: '2018-10-01', salary: 105000, city: SF },
  { code: 'EMP036', first: 'Elena', last: 'Popescu', gender: 'female', pos: 'ACC', hired: '2020-01-20', salary: 84000, city: SF },
  { code: 'EMP037', first: 'Arjun', last: 'Mehta', gender: 'male', pos: 'ACC', hired: '2022-08-08', salary: 76000, city: SF },
  { code: 'EMP038', first: 'Sarah', last: 'Lindqvist', gender: 'female', pos: 'ACC', hired: '2023-09-25', salary: 68000, city: SF },
  { code: 'EMP039', first: 'Michael', last: 'Adeyemi', gender: 'male', pos: 'ACC', hired: '2024-05-20', salary: 63000, city: SF },
  { code: 'EMP040', first: 'Ines', last: 'Costa', gender: 'female', pos: 'ACC', hired: '2025-09-15', salary: 57000, type: 'contract', city: SF },
];

/** Department heads: John and Maria among the first five, two of the new staff. */
const FIRST_MANAGERS: Record<string, string> = { ENG: 'EMP002', HR: 'EMP003' };
const NEW_MANAGERS: Record<string, string> = { OPS: 'EMP026', FIN: 'EMP035' };

const SET_MANAGERS = `update departments d set manager_id = e.id
   from jsonb_each_text(?::jsonb) m(dept, code)
   join employees e on e.company_id = ? and e.employee_code = m.code
  where d.company_id = ? and d.department_code = m.dept`;

const dayBefore = (today: string, days: number) => DateTime.fromISO(today, { zone: 'utc' }).minus({ days }).toISODate()!;
const dateOf = (today: string, value: number | string) => (typeof value === 'number' ? dayBefore(today, value) : value);

/**
 * Writes the staff in one statement (positions and departments by code), each reporting to the
 * head of their department, and the department heads.
 */
export async function insertStaff(em: EntityManager, companyId: number, today: string): Promise<void> {
  await em.execute(SET_MANAGERS, [JSON.stringify(FIRST_MANAGERS), companyId, companyId]);
  const rows = STAFF.map((s) => ({
    code: s.code,
    first: s.first,
    last: s.last,
    email: `${s.first.normalize('NFD').replace(/[^A-Za-z]/g, '').toLowerCase()}.${s.last.replace(/[^A-Za-z]/g, '').toLowerCase()}@acme.example.com`,
    gender: s.gender,
    pos: s.pos,
    hired: dateOf(today, s.hired),
    salary: s.salary.toFixed(2),
    type: s.type ?? 'full_time',
    left: s.left === undefined ? null : dateOf(today, s.left),
    status: s.left !== undefined ? 'terminated' : (s.status ?? 'active'),
    city: s.city,
    phone: `+1 555 01${s.code.slice(-2)}`,
  }));
  await em.execute(
    `insert into employees (company_id, employee_code, first_name, last_name, email, phone, gender, department_id, position_id,
                            manager_id, employment_type, employment_status, hire_date, termination_date, salary, city, country)
     select ?, x.code, x.first, x.last, x.email, x.phone, x.gender, p.department_id, p.id, d.manager_id, x.type, x.status,
            x.hired, x.left, x.salary, x.city, 'United States'
       from jsonb_to_recordset(?::jsonb) as x(code text, first text, last text, email text, phone text, gender text, pos text,
                                              type text, status text, hired date, "left" date, salary numeric, city text)
       join positions p on p.company_id = ? and p.position_code = x.pos
       left join departments d on d.id = p.department_id`,
    [companyId, JSON.stringify(rows), companyId],
  );
  await em.execute(SET_MANAGERS, [JSON.stringify(NEW_MANAGERS), companyId, companyId]);
  // the new departments' staff report to their new heads
  await em.execute(
    `update employees e set manager_id = d.manager_id
       from departments d
      where d.id = e.department_id and e.company_id = ? and d.department_code in (?) and e.id <> d.manager_id`,
    [companyId, Object.keys(NEW_MANAGERS)],
  );
}
