import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsDecimal, decimalPlaces, fieldLabel } from './fields';

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
    ['maxCarryOverDays', 'Max carry over days'],
    ['position_id', 'Position ID'],
    ['tiers[0].bonus_value', 'Bonus value'],
  ])('%s reads "%s"', (field, label) => expect(fieldLabel(field)).toBe(label));
});
