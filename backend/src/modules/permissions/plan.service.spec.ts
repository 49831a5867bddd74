import { PlanService } from './plan.service';

describe('PlanService', () => {
  it('maps a feature to the module key it grants', () => {
    expect(PlanService.grantedKey('payroll')).toBe('payroll');
    // Operational Monitoring and KPI & Bonus each grant their own module, never the other's
    expect(PlanService.grantedKey('monitoring')).toBe('monitoring');
    expect(PlanService.grantedKey('kpi')).toBe('kpi');
    expect(PlanService.grantedKey('hr')).toBeNull();
    expect(PlanService.grantedKey('api_access')).toBeNull();
  });

  it('gives the modules of the features, settings always, in catalogue order', () => {
    expect([...PlanService.modulesOf(['kpi', 'leave', 'employees', 'face'])]).toEqual(['employees', 'leave', 'settings', 'kpi']);
    expect([...PlanService.modulesOf([])]).toEqual(['settings']);
  });

  it('tells the subscription state', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(PlanService.stateOf('active', null, now)).toBe('active');
    expect(PlanService.stateOf('active', new Date('2026-01-11T00:00:00Z'), now)).toBe('trial');
    expect(PlanService.stateOf('active', new Date('2026-01-10T12:00:00Z'), now)).toBe('trial_ended');
    expect(PlanService.stateOf('suspended', new Date('2026-02-01T00:00:00Z'), now)).toBe('suspended');
    expect(PlanService.stateOf('cancelled', null, now)).toBe('cancelled');
  });
});
