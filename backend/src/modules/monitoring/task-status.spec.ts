import { effectiveStatus, nextStatus } from './task-status';

const now = new Date('2026-06-15T12:00:00Z');
const past = new Date('2026-06-14T12:00:00Z');
const future = new Date('2026-06-16T12:00:00Z');
const base = { dueDate: future, progress: 0, now };

describe('effectiveStatus', () => {
  it('reads an open task past due as overdue', () => {
    for (const status of ['pending', 'in_progress', 'on_hold'] as const) {
      expect(effectiveStatus({ status, due_date: past }, now)).toBe('overdue');
      expect(effectiveStatus({ status, due_date: future }, now)).toBe(status);
      expect(effectiveStatus({ status, due_date: null }, now)).toBe(status);
    }
  });

  it('leaves done tasks alone', () => {
    expect(effectiveStatus({ status: 'completed', due_date: past }, now)).toBe('completed');
    expect(effectiveStatus({ status: 'cancelled', due_date: past }, now)).toBe('cancelled');
  });
});

describe('nextStatus', () => {
  it('moves freely between pending, in_progress and on_hold, and to completed or cancelled', () => {
    expect(nextStatus({ ...base, from: 'pending', requested: 'in_progress' })).toBe('in_progress');
    expect(nextStatus({ ...base, from: 'in_progress', requested: 'on_hold' })).toBe('on_hold');
    expect(nextStatus({ ...base, from: 'on_hold', requested: 'pending' })).toBe('pending');
    expect(nextStatus({ ...base, from: 'pending', requested: 'completed' })).toBe('completed');
    expect(nextStatus({ ...base, from: 'overdue', requested: 'cancelled', dueDate: past })).toBe('cancelled');
  });

  it('keeps completed and cancelled final unless reopened', () => {
    expect(() => nextStatus({ ...base, from: 'completed', requested: 'pending' })).toThrow(/reopen it/);
    expect(() => nextStatus({ ...base, from: 'cancelled', requested: 'in_progress' })).toThrow(/reopen it/);
    expect(nextStatus({ ...base, from: 'completed', requested: 'completed' })).toBe('completed');
    expect(nextStatus({ ...base, from: 'completed', reopen: true })).toBe('pending');
    expect(nextStatus({ ...base, from: 'cancelled', reopen: true, requested: 'in_progress' })).toBe('in_progress');
    expect(() => nextStatus({ ...base, from: 'pending', reopen: true })).toThrow(/Only a completed or cancelled/);
    expect(() => nextStatus({ ...base, from: 'completed', reopen: true, requested: 'cancelled' })).toThrow(/reopened task/);
  });

  it('never lets a user set overdue', () => {
    expect(() => nextStatus({ ...base, from: 'pending', requested: 'overdue' })).toThrow(/set by the system/);
  });

  it('makes an open task past due overdue, and refuses an explicit open status while past due', () => {
    expect(nextStatus({ ...base, from: 'pending', dueDate: past })).toBe('overdue');
    expect(nextStatus({ ...base, from: 'completed', reopen: true, dueDate: past })).toBe('overdue');
    expect(() => nextStatus({ ...base, from: 'overdue', requested: 'in_progress', dueDate: past })).toThrow(/past its due date/);
  });

  it('brings an overdue task back when its due date moves into the future', () => {
    expect(nextStatus({ ...base, from: 'overdue' })).toBe('pending');
    expect(nextStatus({ ...base, from: 'overdue', progress: 40 })).toBe('in_progress');
    expect(nextStatus({ ...base, from: 'overdue', dueDate: null })).toBe('pending');
    expect(nextStatus({ ...base, from: 'overdue', requested: 'on_hold' })).toBe('on_hold');
  });
});
