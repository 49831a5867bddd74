import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsAmount, IsDateOnly, IsDecimal, IsId, decimalPlaces, fieldLabel, fieldWords, inWords, oneOf } from './fields';

class Probe {
  @IsDecimal(2, { message: 'estimated_hours must be a number' })
  estimated_hours!: number;
}

const check = (value: unknown) =>
  validateSync(plainToInstance(Probe, { estimated_hours: value })).map((e) => Object.values(e.constraints ?? {})[0]);

describe('decimalPlaces', () => {
  it.each([
    [100, 0],
    [1e2, 0],
    [1e21, 0],
    [1.5e2, 0],
    [0.5, 1],
    [12.25, 2],
    [1e-7, 7],
    [1.25e-5, 7],
    [-3.125, 3],
    [0.1 + 0.2, 17],
  ])('%p has %p', (value, places) => expect(decimalPlaces(value)).toBe(places));
});

describe('IsDecimal', () => {
  it.each([0, 100, 1e2, 99.99, -0.5])('accepts %p', (value) => expect(check(value)).toEqual([]));

  it.each([1e-7, 0.001, 1.005e-3])('refuses %p, naming the decimal places', (value) =>
    expect(check(value)).toEqual(['Estimated hours must have at most 2 decimal places']));

  it.each(['12', null, Infinity, NaN, {}])('refuses %p as not a number', (value) =>
    expect(check(value)).toEqual(['estimated_hours must be a number']));
});

describe('fieldLabel', () => {
  it.each([
    ['allowed_ip_ranges', 'Allowed IP ranges'],
    ['network.device_whitelist', 'Device whitelist'],
    ['maxCarryOverDays', 'Maximum carry over days'],
    ['max_radius', 'Maximum radius'],
    ['position_id', 'Position ID'],
    ['tiers[0].bonus_value', 'Bonus value'],
  ])('%s reads "%s"', (field, label) => expect(fieldLabel(field)).toBe(label));
});

describe('fieldWords', () => {
  it.each([
    ['end_date', 'end date'],
    ['position_id', 'position ID'],
    ['ip_address', 'IP address'],
    ['geolocation.max_radius', 'maximum radius'],
  ])('%s reads "%s" inside a sentence', (field, words) => expect(fieldWords(field)).toBe(words));
});

describe('oneOf', () => {
  it('lists the accepted values in words', () => {
    expect(oneOf(['full_time', 'part_time', 'contract'])).toBe('full time, part time or contract');
    expect(oneOf(['monthly', 'annual'])).toBe('monthly or annual');
    expect(oneOf(['on_leave'])).toBe('on leave');
  });
});

describe('inWords', () => {
  it.each([
    ['hire_date must be a string', 'hire_date', 'Hire date must be a string'],
    ['each value in department_ids must be a number', 'department_ids', 'Each value in department IDs must be a number'],
    ['email must be an email', 'email', 'Email must be an email'],
    ['Department code already exists', 'department_code', 'Department code already exists'],
    ['geolocation.accuracy_threshold must be a whole number from 1 to 100 m', 'accuracy_threshold', 'geolocation.accuracy_threshold must be a whole number from 1 to 100 m'],
  ])('"%s" of %s reads "%s"', (message, property, expected) => expect(inWords(message, property)).toBe(expected));
});

class Dates {
  @IsDateOnly() start_date!: string;
  @IsId('manager_id') manager_id!: number;
  @IsAmount('lower_bound') lower_bound!: string;
}

describe('decorators that name their field', () => {
  it('name it in words', () => {
    const errors = validateSync(plainToInstance(Dates, { start_date: '2026-02-30', manager_id: 0, lower_bound: '-5' }));
    expect(errors.map((e) => Object.values(e.constraints ?? {})[0])).toEqual([
      'Start date must be a date (YYYY-MM-DD)',
      'Manager ID must be a valid ID',
      'Lower bound must be an amount of at least 0 with at most 2 decimals',
    ]);
  });
});
