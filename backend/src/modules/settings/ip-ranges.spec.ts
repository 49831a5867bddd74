import { ipInRanges, isIpAddress, isIpOrCidr } from './ip-ranges';

describe('ip ranges', () => {
  it.each(['10.0.0.0/8', '192.168.1.0/24', '192.168.1.7', '2001:db8::/32', '::1', '0.0.0.0/0', ' 10.1.2.3/32 '])(
    'accepts %s',
    (value) => expect(isIpOrCidr(value)).toBe(true),
  );

  it.each(['10.0.0.0/33', '2001:db8::/129', '300.1.1.1', '10.0.0/8', '10.0.0.0/', 'abc', '10.0.0.0/8/1', '', 5])(
    'refuses %p',
    (value) => expect(isIpOrCidr(value)).toBe(false),
  );

  it('tells single addresses from ranges', () => {
    expect(isIpAddress('10.0.0.1')).toBe(true);
    expect(isIpAddress('10.0.0.0/8')).toBe(false);
  });

  it('matches v4, v6 and v4-mapped addresses', () => {
    const ranges = ['192.168.1.0/24', '10.9.9.9', '2001:db8::/32'];
    expect(ipInRanges('192.168.1.200', ranges)).toBe(true);
    expect(ipInRanges('::ffff:192.168.1.5', ranges)).toBe(true);
    expect(ipInRanges('10.9.9.9', ranges)).toBe(true);
    expect(ipInRanges('10.9.9.8', ranges)).toBe(false);
    expect(ipInRanges('2001:db8::1', ranges)).toBe(true);
    expect(ipInRanges('2001:db9::1', ranges)).toBe(false);
    expect(ipInRanges('192.168.1.5', [])).toBe(false);
  });
});
