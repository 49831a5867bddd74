import { ipInRanges, isIpAddress, isIpOrCidr, sampleIpRanges } from './ip-ranges';

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

  it('samples the /24 and /8 around a v4 address (v6: /64 and /48), each a valid range holding the address', () => {
    expect(sampleIpRanges('203.0.113.7')).toEqual(['203.0.113.0/24', '203.0.0.0/8']);
    expect(sampleIpRanges('::ffff:192.168.1.5')).toEqual(['192.168.1.0/24', '192.0.0.0/8']);
    expect(sampleIpRanges('2001:db8:85a3:8d3:1319:8a2e:370:7348')).toEqual(['2001:db8:85a3:8d3::/64', '2001:db8:85a3::/48']);
    expect(sampleIpRanges('::1')).toEqual(['0:0:0:0::/64', '0:0:0::/48']);
    expect(sampleIpRanges('fe80::1')).toEqual(['fe80:0:0:0::/64', 'fe80:0:0::/48']);
    for (const ip of ['203.0.113.7', '2001:db8:85a3:8d3:1319:8a2e:370:7348', '::1']) {
      for (const range of sampleIpRanges(ip)) {
        expect(isIpOrCidr(range)).toBe(true);
        expect(ipInRanges(ip, [range])).toBe(true);
      }
    }
    expect(sampleIpRanges(undefined)).toEqual([]);
    expect(sampleIpRanges('not an address')).toEqual([]);
  });
});
