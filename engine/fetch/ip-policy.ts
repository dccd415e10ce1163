import { isIP } from 'node:net';

/**
 * Which resolved addresses a server-side fetch may connect to. IPv6 is parsed to bytes so
 * that IPv4 addresses embedded in it (mapped, compatible, NAT64, 6to4) are judged as IPv4.
 */
export interface AddressPolicy {
  /** Test flag: allow 127.0.0.0/8 and ::1 (never anything else private). */
  allowLoopback: boolean;
}

type Cidr4 = [number, number];

const BLOCKED_V4: Cidr4[] = [
  cidr4('0.0.0.0', 8), // "this network", unspecified
  cidr4('10.0.0.0', 8), // private
  cidr4('100.64.0.0', 10), // carrier-grade NAT
  cidr4('127.0.0.0', 8), // loopback
  cidr4('169.254.0.0', 16), // link-local, cloud metadata 169.254.169.254
  cidr4('172.16.0.0', 12), // private
  cidr4('192.0.0.0', 24), // IETF protocol assignments
  cidr4('192.0.2.0', 24), // documentation
  cidr4('192.88.99.0', 24), // 6to4 relay anycast
  cidr4('192.168.0.0', 16), // private
  cidr4('198.18.0.0', 15), // benchmarking
  cidr4('198.51.100.0', 24), // documentation
  cidr4('203.0.113.0', 24), // documentation
  cidr4('224.0.0.0', 4), // multicast
  cidr4('240.0.0.0', 4), // reserved, broadcast
];
const LOOPBACK_V4 = cidr4('127.0.0.0', 8);

export type AddressVerdict = { allowed: true } | { allowed: false; reason: string };

export function checkAddress(address: string, policy: AddressPolicy): AddressVerdict {
  const family = isIP(address);
  if (family === 4) return checkV4(parseV4(address), policy);
  if (family === 6) return checkV6(address, policy);
  return { allowed: false, reason: 'not an IP address' };
}

function checkV4(value: number, policy: AddressPolicy): AddressVerdict {
  if (policy.allowLoopback && inCidr4(value, LOOPBACK_V4)) return { allowed: true };
  return BLOCKED_V4.some((range) => inCidr4(value, range))
    ? { allowed: false, reason: 'private, loopback, link-local or reserved address' }
    : { allowed: true };
}

function checkV6(address: string, policy: AddressPolicy): AddressVerdict {
  const bytes = parseV6(address.split('%')[0] ?? '');
  if (!bytes) return { allowed: false, reason: 'unparsable IPv6 address' };
  const refused: AddressVerdict = {
    allowed: false,
    reason: 'private, loopback, link-local or reserved IPv6 address',
  };
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  const v4At = (offset: number) =>
    ((bytes[offset]! << 24) |
      (bytes[offset + 1]! << 16) |
      (bytes[offset + 2]! << 8) |
      bytes[offset + 3]!) >>>
    0;
  if (zeros(0, 15) && bytes[15] === 1) return policy.allowLoopback ? { allowed: true } : refused; // ::1
  if (zeros(0, 16)) return refused; // ::
  // ::ffff:a.b.c.d (mapped) and ::a.b.c.d (compatible, deprecated)
  if (
    zeros(0, 10) &&
    ((bytes[10] === 0xff && bytes[11] === 0xff) || (bytes[10] === 0 && bytes[11] === 0))
  ) {
    return checkV4(v4At(12), policy);
  }
  // 64:ff9b::/96 and 64:ff9b:1::/48 (NAT64) embed an IPv4 address in the last 32 bits.
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b)
    return checkV4(v4At(12), policy);
  // 2002::/16 (6to4) embeds one in bits 16-47.
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return checkV4(v4At(2), policy);
  // Only global unicast 2000::/3 is public; fc00::/7 (incl. fd00:ec2::254 metadata), fe80::/10,
  // ff00::/8 and the rest fall outside it.
  if ((bytes[0]! & 0xe0) !== 0x20) return refused;
  // 2001::/32 Teredo and 2001:db8::/32 documentation inside 2000::/3.
  if (
    bytes[0] === 0x20 &&
    bytes[1] === 0x01 &&
    ((bytes[2] === 0 && bytes[3] === 0) || (bytes[2] === 0x0d && bytes[3] === 0xb8))
  ) {
    return refused;
  }
  return { allowed: true };
}

function cidr4(base: string, bits: number): Cidr4 {
  const mask = bits === 0 ? 0 : (0xffffffff << (32 - bits)) >>> 0;
  return [(parseV4(base) & mask) >>> 0, mask];
}

function inCidr4(value: number, [base, mask]: Cidr4): boolean {
  return (value & mask) >>> 0 === base;
}

function parseV4(address: string): number {
  return address.split('.').reduce((acc, part) => ((acc << 8) | Number(part)) >>> 0, 0);
}

/** 16 bytes of an IPv6 address (with `::` and a dotted IPv4 tail), or null. */
export function parseV6(address: string): number[] | null {
  let text = address;
  const tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const v4 = text.slice(lastColon + 1);
    if (isIP(v4) !== 4) return null;
    const n = parseV4(v4);
    tail.push(n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255);
    text = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groups(halves[0] ?? '');
  const rest = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const missing = 8 - head.length - rest.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const all = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...rest];
  const bytes: number[] = [];
  for (const group of all) {
    if (!/^[0-9a-f]{1,4}$/i.test(group)) return null;
    const value = parseInt(group, 16);
    bytes.push(value >> 8, value & 255);
  }
  if (tail.length) bytes.splice(12, 4, ...tail);
  return bytes;
}
