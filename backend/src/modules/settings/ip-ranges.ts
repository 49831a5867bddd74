import { BlockList, isIP } from 'node:net';

/** A CIDR range (v4 or v6) or a single IPv4/IPv6 address. */
export function isIpOrCidr(value: unknown): boolean {
  if (typeof value !== 'string') return false;
  const parts = value.trim().split('/');
  if (parts.length > 2) return false;
  const [address, prefix] = parts;
  const family = isIP(address);
  if (!family) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  const bits = Number(prefix);
  if (bits > (family === 4 ? 32 : 128)) return false;
  try {
    new BlockList().addSubnet(address, bits, family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/** A single IPv4/IPv6 address. */
export const isIpAddress = (value: unknown): boolean => typeof value === 'string' && isIP(value.trim()) !== 0;

/** The ranges as a BlockList, to test a client address with `.check(ip, family)`. */
export function toBlockList(ranges: readonly string[]): BlockList {
  const list = new BlockList();
  for (const raw of ranges) {
    const [address, prefix] = raw.trim().split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return list;
}

/** Whether `ip` (v4, v6 or v4-mapped v6) lies in one of the ranges. */
export function ipInRanges(ip: string, ranges: readonly string[]): boolean {
  if (!ranges.length) return false;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (!family) return false;
  return toBlockList(ranges).check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The eight 16-bit groups of an IPv6 address, or null when it is not one written in groups. */
function ipv6Groups(address: string): number[] | null {
  if (isIP(address) !== 6 || address.includes('.')) return null;
  const [head, tail] = address.split('::');
  const front = head ? head.split(':') : [];
  const back = tail ? tail.split(':') : [];
  const groups = tail === undefined ? front : [...front, ...Array<string>(8 - front.length - back.length).fill('0'), ...back];
  return groups.length === 8 ? groups.map((g) => parseInt(g, 16)) : null;
}

/**
 * The sample allowed IP ranges around the address a request came from (hr.md 9: {ip}/24 and
 * {ip}/8), written as the networks they are: 203.0.113.7 → 203.0.113.0/24 and 203.0.0.0/8. An
 * IPv6 address gives its /64 and /48. None for an address that is neither.
 */
export function sampleIpRanges(ip: string | null | undefined): string[] {
  if (!ip) return [];
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  if (isIP(address) === 4) {
    const [a, b, c] = address.split('.');
    return [`${a}.${b}.${c}.0/24`, `${a}.0.0.0/8`];
  }
  const groups = ipv6Groups(address);
  if (!groups) return [];
  const prefix = (count: number) => `${groups.slice(0, count).map((g) => g.toString(16)).join(':')}::`;
  return [`${prefix(4)}/64`, `${prefix(3)}/48`];
}
