import { BlockList, isIP, isIPv4, isIPv6 } from 'node:net';

/**
 * What an address is to the outbound-connection policy:
 * - `forbidden`: never contacted, whatever the operator allows — link-local (169.254.0.0/16,
 *   fe80::/10) and the cloud metadata services that live there or elsewhere, multicast, reserved.
 * - `private`: loopback, RFC 1918, carrier-grade NAT, unique-local, unspecified … — contacted only
 *   when OUTBOUND_ALLOW_PRIVATE_NETWORKS allows it (a self-hosted mail or CalDAV server on a LAN).
 * - `public`: anything else. Documentation ranges (192.0.2.0/24 …) stay public: no real network
 *   uses them, and a sandboxed test machine may have such an address as its "public" one.
 */
export type AddressClass = 'public' | 'private' | 'forbidden';

export interface Classified {
  kind: AddressClass;
  /** The range that decided it, for the server's log ('loopback 127.0.0.0/8'). */
  range: string;
  /** The IPv4 address an IPv6 form carries (mapped, NAT64, 6to4, Teredo), checked in its place. */
  ipv4?: string;
}

const ranges = (list: readonly (readonly [string, number, string])[], type: 'ipv4' | 'ipv6') =>
  list.map(([network, prefix, name]) => {
    const block = new BlockList();
    block.addSubnet(network, prefix, type);
    return { block, type, range: `${name} ${network}/${prefix}` };
  });

const FORBIDDEN_V4 = ranges(
  [
    ['169.254.0.0', 16, 'link-local (cloud metadata 169.254.169.254)'],
    ['100.100.100.200', 32, 'Alibaba Cloud metadata'],
    ['168.63.129.16', 32, 'Azure platform endpoint'],
    ['224.0.0.0', 4, 'multicast'],
    ['240.0.0.0', 4, 'reserved (incl. broadcast)'],
  ],
  'ipv4',
);
const PRIVATE_V4 = ranges(
  [
    ['0.0.0.0', 8, 'this network (incl. unspecified 0.0.0.0)'],
    ['10.0.0.0', 8, 'private'],
    ['100.64.0.0', 10, 'carrier-grade NAT'],
    ['127.0.0.0', 8, 'loopback'],
    ['172.16.0.0', 12, 'private'],
    ['192.0.0.0', 24, 'IETF protocol assignments'],
    ['192.168.0.0', 16, 'private'],
    ['198.18.0.0', 15, 'benchmarking'],
  ],
  'ipv4',
);
const FORBIDDEN_V6 = ranges(
  [
    ['fe80::', 10, 'link-local'],
    ['fd00:ec2::254', 128, 'AWS metadata (IPv6)'],
    ['ff00::', 8, 'multicast'],
  ],
  'ipv6',
);
const PRIVATE_V6 = ranges(
  [
    ['::', 128, 'unspecified'],
    ['::1', 128, 'loopback'],
    ['fc00::', 7, 'unique-local'],
    ['fec0::', 10, 'site-local'],
    ['100::', 64, 'discard-only'],
  ],
  'ipv6',
);

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part included), without a zone. */
function ipv6Groups(address: string): number[] {
  let text = address.split('%')[0].toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  return [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups].map((group) => parseInt(group, 16));
}

const dottedQuad = (high: number, low: number) => [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');

/**
 * The IPv4 address an IPv6 one carries, else null: IPv4-mapped ::ffff:a.b.c.d, IPv4-translated
 * ::ffff:0:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, 6to4
 * 2002:AABB:CCDD::/48 and Teredo 2001:0::/32 (the client's address, inverted, in the last groups).
 */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  if (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) return dottedQuad(groups[6], groups[7]);
  if (zeros(0, 4) && groups[4] === 0xffff && groups[5] === 0) return dottedQuad(groups[6], groups[7]);
  if (groups[0] === 0x64 && groups[1] === 0xff9b && (zeros(2, 6) || groups[2] === 1))
    return dottedQuad(groups[6], groups[7]);
  if (groups[0] === 0x2002) return dottedQuad(groups[1], groups[2]);
  if (groups[0] === 0x2001 && groups[1] === 0) return dottedQuad(groups[6] ^ 0xffff, groups[7] ^ 0xffff);
  return null;
}

function classifyIpv4(address: string): Classified {
  for (const { block, range } of FORBIDDEN_V4) if (block.check(address, 'ipv4')) return { kind: 'forbidden', range };
  for (const { block, range } of PRIVATE_V4) if (block.check(address, 'ipv4')) return { kind: 'private', range };
  return { kind: 'public', range: 'public' };
}

/**
 * Classifies an IP literal (as dns.lookup answers it, or brackets around an IPv6 one). Anything
 * that is not a valid IP address is `forbidden`, so a surprise never lets a connection through.
 */
export function classifyAddress(address: string): Classified {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return classifyIpv4(bare);
  if (!isIPv6(bare.split('%')[0])) return { kind: 'forbidden', range: 'not an IP address' };
  const groups = ipv6Groups(bare);
  const normal = groups.map((group) => group.toString(16)).join(':');
  for (const { block, range } of FORBIDDEN_V6) if (block.check(normal, 'ipv6')) return { kind: 'forbidden', range };
  // ::/96 holds :: and ::1 too; those are judged as IPv6 below whatever IPv4 they spell.
  const isUnspecifiedOrLoopback = groups.slice(0, 7).every((group) => group === 0) && groups[7] <= 1;
  const ipv4 = isUnspecifiedOrLoopback ? null : embeddedIpv4(groups);
  if (ipv4 !== null) {
    const inner = classifyIpv4(ipv4);
    // A tunnel to a public IPv4 host is judged by its IPv6 ranges below (public, here).
    if (inner.kind !== 'public') return { ...inner, ipv4 };
  }
  for (const { block, range } of PRIVATE_V6) if (block.check(normal, 'ipv6')) return { kind: 'private', range };
  return { kind: 'public', range: 'public', ...(ipv4 ? { ipv4 } : {}) };
}

/** A host as the user wrote it, made comparable: no brackets, lower case, no trailing dot. */
export type NormalisedHost =
  { kind: 'ip'; address: string; family: 4 | 6 } | { kind: 'localhost'; name: string } | { kind: 'name'; name: string };

/**
 * Normalises a host the way the connection would read it: IPv4 shorthands that the URL parser and
 * inet_aton both accept ('127.1', '0x7f000001', '2130706433', '0177.0.0.1') become the dotted
 * address; '[::1]' loses its brackets; 'localhost', 'localhost.' and '*.localhost' (RFC 6761) are
 * loopback without asking DNS. Anything else is a name to resolve.
 */
export function normaliseHost(host: string): NormalisedHost {
  let text = host
    .trim()
    .replace(/^\[|\]$/g, '')
    .toLowerCase();
  if (text.endsWith('.') && !isIP(text)) text = text.replace(/\.+$/, '');
  const family = isIP(text);
  if (family === 4 || family === 6) return { kind: 'ip', address: text, family };
  if (/^[0-9a-fx.]+$/.test(text)) {
    // What the WHATWG URL parser makes of an all-numeric host is what getaddrinfo makes of it.
    const parsed = URL.parse(`http://${text}/`)?.hostname;
    if (parsed && isIPv4(parsed)) return { kind: 'ip', address: parsed, family: 4 };
  }
  if (text === 'localhost' || text.endsWith('.localhost')) return { kind: 'localhost', name: text };
  return { kind: 'name', name: text };
}
