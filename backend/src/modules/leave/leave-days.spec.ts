import { assertRange, todayIn } from './leave-days';
import { sniffType } from './leave-attachments.service';

describe('leave days', () => {
  it('accepts a range of up to 366 days ending on or after its start', () => {
    expect(() => assertRange('2030-01-01', '2030-01-01')).not.toThrow();
    expect(() => assertRange('2028-01-01', '2028-12-31')).not.toThrow(); // a leap year: 366 days
    expect(() => assertRange('2030-01-02', '2030-01-01')).toThrow('End date must be on or after the start date');
    expect(() => assertRange('2030-01-01', '2031-01-02')).toThrow('The date range must be at most 366 days');
  });

  it("computes today in the company's time zone", () => {
    const late = new Date('2030-03-01T23:30:00Z');
    expect(todayIn('UTC', late)).toBe('2030-03-01');
    expect(todayIn('Asia/Tokyo', late)).toBe('2030-03-02');
    expect(todayIn('America/New_York', late)).toBe('2030-03-01');
    expect(todayIn('Not/AZone', late)).toBe('2030-03-01');
  });
});

describe('attachment types', () => {
  it('recognises PDF, PNG and JPEG by their first bytes, nothing else', () => {
    expect(sniffType(Buffer.from('%PDF-1.7 ...'))).toBe('application/pdf');
    expect(sniffType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffType(Buffer.from('<html>%PDF-'))).toBeNull();
    expect(sniffType(Buffer.alloc(0))).toBeNull();
  });
});
