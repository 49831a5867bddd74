/** Who a target or a value is about: one employee, a whole department or everyone in a position. */
export const SUBJECT_TYPES = ['employee', 'department', 'position'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];

/** Exactly one subject column is set, the one named by the type column. */
export function oneSubjectCheck(typeColumn: string): string {
  return (
    `(${typeColumn} = 'employee' and employee_id is not null and department_id is null and position_id is null) or ` +
    `(${typeColumn} = 'department' and department_id is not null and employee_id is null and position_id is null) or ` +
    `(${typeColumn} = 'position' and position_id is not null and employee_id is null and department_id is null)`
  );
}

/** The name of the subject of a row with employee_id/department_id/position_id (alias), for raw SQL. */
export function subjectJoins(alias: string): string {
  return `left join employees se on se.id = ${alias}.employee_id
    left join departments sd on sd.id = ${alias}.department_id
    left join positions sp on sp.id = ${alias}.position_id`;
}
export const SUBJECT_NAME = `coalesce(nullif(concat_ws(' ', se.first_name, se.last_name), ''), sd.department_name, sp.position_title)`;
export const SUBJECT_ID = (alias: string) => `coalesce(${alias}.employee_id, ${alias}.department_id, ${alias}.position_id)`;
