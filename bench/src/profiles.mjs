// Data sizes, load and budgets of a run. `full` is the company scale; `ci` keeps the same
// shape with a fifth of the big company, and scales the batch budgets by the same factor.

const BIG = 10_000;

function profile(p) {
  const scale = p.bigEmployees / BIG;
  return {
    ...p,
    scale,
    // the same depth in the company's list: 200 pages of 25 at 10,000 employees
    deepPage: Math.round((p.bigEmployees / BIG) * 200),
    budgets: {
      listP99Ms: 25,
      listRatio: 3,
      deepPageP99Ms: 15,
      payrollMs: 5000 * scale,
      bonusMs: 3000 * scale,
      absentMs: 2000 * scale,
      importMs: 10_000 * scale,
      landingKb: 60,
      adminKb: 300,
      lighthousePerformance: 95,
      lighthouseAccessibility: 95,
      startupMs: 5000,
    },
  };
}

export const PROFILES = {
  full: profile({
    name: 'full',
    companies: 100,
    bigEmployees: BIG,
    smallEmployees: 40,
    attendanceDays: 365,
    tasksPerEmployee: 2,
    loadRate: 500,
    loadSeconds: 30,
    sequentialRequests: 400,
    lighthouseRuns: 3,
    embedded: { companies: 10, bigEmployees: 1000, smallEmployees: 20, attendanceDays: 60, tasksPerEmployee: 1 },
  }),
  ci: profile({
    name: 'ci',
    companies: 20,
    bigEmployees: 2000,
    smallEmployees: 20,
    attendanceDays: 365,
    tasksPerEmployee: 2,
    loadRate: 500,
    loadSeconds: 8,
    sequentialRequests: 200,
    lighthouseRuns: 1,
    embedded: { companies: 5, bigEmployees: 300, smallEmployees: 10, attendanceDays: 30, tasksPerEmployee: 1 },
  }),
};
