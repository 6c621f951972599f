import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Addresses a search result must not point the server at (SSRF): loopback, private (RFC 1918),
 * shared carrier-grade NAT, link-local, unique-local, unspecified, multicast and reserved ranges.
 * Documentation ranges (192.0.2.0/24 …) are not a private network and no real one uses them, so
 * they stay allowed (a sandboxed test machine may have such an address as its "public" one).
 */
const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", incl. 0.0.0.0 (unspecified)
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. 255.255.255.255
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

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

/** The IPv4 address an IPv6 one carries (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d, NAT64 64:ff9b::a.b.c.d), else null. */
function embeddedIpv4(groups: number[]): string | null {
  const zeros = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const carries =
    (zeros(0, 5) && (groups[5] === 0xffff || groups[5] === 0)) || (groups[0] === 0x64 && groups[1] === 0xff9b && zeros(2, 6));
  if (!carries) return null;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/**
 * Whether `address` (an IP literal, as dns.lookup answers it) is on a loopback or private network.
 * Anything that is not a valid IP address counts as private, so a surprise never lets a request through.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (isIPv4(bare)) return refused.check(bare, 'ipv4');
  if (!isIPv6(bare.split('%')[0])) return true;
  const groups = ipv6Groups(bare);
  const ipv4 = embeddedIpv4(groups);
  // ::/96 holds :: and ::1 too; those are refused as IPv6 below whatever IPv4 they spell.
  if (ipv4 !== null && !(groups.slice(0, 7).every((group) => group === 0) && groups[7] <= 1)) return refused.check(ipv4, 'ipv4');
  return refused.check(groups.map((group) => group.toString(16)).join(':'), 'ipv6');
}
