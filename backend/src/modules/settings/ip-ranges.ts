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
