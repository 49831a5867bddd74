import { useEffect, useState } from 'react';
import { kpiApi, type DepartmentOption, type EmployeeOption, type PositionOption, type TargetType } from './api';

export interface SubjectOption {
  id: number;
  label: string;
}

export type Subjects = Record<TargetType, SubjectOption[]>;

const byLabel = (a: SubjectOption, b: SubjectOption) => a.label.localeCompare(b.label);

const employees = (rows: EmployeeOption[]) =>
  rows
    .filter((e) => e.employment_status !== 'terminated')
    .map((e) => ({ id: e.id, label: `${e.first_name} ${e.last_name} (${e.employee_code})` }))
    .sort(byLabel);
const departments = (rows: DepartmentOption[]) => rows.map((d) => ({ id: d.id, label: d.department_name })).sort(byLabel);
const positions = (rows: PositionOption[]) => rows.map((p) => ({ id: p.id, label: p.position_title })).sort(byLabel);

/** Whom a target can be for: the company's employees (not terminated), departments and positions. */
export const useSubjects = () => {
  const [subjects, setSubjects] = useState<Subjects | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([kpiApi.employees(), kpiApi.departments(), kpiApi.positions()])
      .then(([e, d, p]) => {
        if (live) setSubjects({ employee: employees(e), department: departments(d), position: positions(p) });
      })
      .catch((error) => {
        console.error('Failed to load employees, departments or positions', error);
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, []);

  return { subjects, failed };
};
