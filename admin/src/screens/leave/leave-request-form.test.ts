import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { leaveRequests } from '../../resources/leave-requests';
import { compactDocument } from '../../schema/compact';
import { formFields } from '../../schema/derive';
import { toneOf } from '../../schema/StatusChip';
import { validatorsOf } from '../../schema/validation';

const document = JSON.parse(readFileSync(new URL('../../../../openapi/openapi.json', import.meta.url), 'utf8'));
const resource = compactDocument(document).resources[leaveRequests.name];
const translate = (key: string, options?: Record<string, unknown>) => `${key}|${String(options?.field ?? '')}`;

describe('the Request Leave form', () => {
  it('is the create body of POST /hr/leave-requests: the modal’s fields, whom it is for left to the server', () => {
    const fields = formFields(resource.create, leaveRequests.form);
    expect(fields.map((f) => [f.source, f.kind, !!f.rules.required])).toEqual([
      ['leave_type_id', 'reference', true],
      ['start_date', 'date', true],
      ['end_date', 'date', true],
      ['total_days', 'number', false],
      ['reason', 'multiline', false],
      ['attachment_id', 'integer', false],
    ]);
  });

  it('refuses a total under half a day in the server’s own words', () => {
    const total = formFields(resource.create, { include: ['total_days'] })[0];
    const errors = (value: number) => validatorsOf(total, translate).map((check) => check(value, {}, {} as never)).filter(Boolean);
    expect(errors(0)).toEqual([expect.objectContaining({ message: 'Total days must be at least 0.5, in steps of 0.5' })]);
    expect(errors(367)).toEqual([expect.objectContaining({ message: 'Total days must be at most 366' })]);
    expect(errors(2.5)).toEqual([]);
  });
});

describe('the leave requests’ status colours (hr.md 3)', () => {
  it('pending warning, approved success, rejected error, any other value info', () => {
    const tone = (value: string) => toneOf(value, leaveRequests.name);
    expect(['pending', 'approved', 'rejected', 'cancelled'].map(tone)).toEqual(['warning', 'success', 'error', 'info']);
  });

  it('employment status: active success, on_leave warning, suspended error, anything else info (hr.md 4); other fields keep their colours', () => {
    const tone = (value: string) => toneOf(value, 'hr/employees', 'employment_status');
    expect(['active', 'on_leave', 'suspended', 'terminated'].map(tone)).toEqual(['success', 'warning', 'error', 'info']);
    expect(toneOf('full_time', 'hr/employees', 'employment_type')).toBe('default');
  });

  it('leaves the other collections’ colours as they were', () => {
    expect(toneOf('cancelled')).toBe('error');
    expect(toneOf('pending')).toBe('warning');
  });
});
