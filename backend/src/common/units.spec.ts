import { formatDistance, formatDuration, formatHours, formatMinutes } from './units';

describe('formatDistance', () => {
  it('tells whole metres without separators below 100 km', () => {
    expect(formatDistance(0)).toBe('0 m');
    expect(formatDistance(49.6)).toBe('50 m');
    expect(formatDistance(21412.3)).toBe('21412 m');
    expect(formatDistance(99_999.4)).toBe('99999 m');
  });

  it('tells whole kilometres with thousands separators from 100 km', () => {
    expect(formatDistance(100_000)).toBe('100 km');
    expect(formatDistance(5_570_230)).toBe('5,570 km');
    expect(formatDistance(12_345_678)).toBe('12,346 km');
  });
});

describe('formatDuration', () => {
  it('names seconds under a minute', () => {
    expect(formatDuration(0)).toBe('0 seconds');
    expect(formatDuration(1)).toBe('1 second');
    expect(formatDuration(44.2)).toBe('45 seconds');
  });

  it('rounds up to the minute from a minute on and names each unit in words', () => {
    expect(formatDuration(60)).toBe('1 minute');
    expect(formatDuration(61)).toBe('2 minutes');
    expect(formatDuration(900)).toBe('15 minutes');
    expect(formatDuration(5_400)).toBe('1 hour 30 minutes');
    expect(formatDuration(7_200)).toBe('2 hours');
    expect(formatDuration(86_400 + 3 * 3_600)).toBe('1 day 3 hours');
  });

  it('reads minutes and hours', () => {
    expect(formatMinutes(15)).toBe('15 minutes');
    expect(formatMinutes(90)).toBe('1 hour 30 minutes');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(72)).toBe('3 days');
  });
});
