import net from 'node:net';

/** An IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients). */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/**
 * The key a rate limit counts a client address under. An IPv4 address is one client. An IPv6 client
 * usually holds a whole /64 (one customer line, one cloud instance), and can pick a fresh address in it
 * for every request, so IPv6 addresses are counted by their /64 prefix. IPv4-mapped IPv6 addresses
 * count as the IPv4 address.
 */
export function rateLimitKey(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) return `${ipv6Prefix(address, 4)}::/64`;
  return address;
}

/**
 * The network a client address belongs to, for the limits that count networks too: an IPv6 site is usually
 * given a /48 (65,536 /64s, each a fresh rateLimitKey), and an IPv4 /24 is the smallest block commonly routed
 * or rented as one. Another key than rateLimitKey's for every address, so the two counts never mix.
 */
export function networkKey(address: string): string {
  const ipv4 = IPV4_MAPPED.exec(address)?.[1] ?? address;
  if (net.isIPv4(ipv4)) return `${ipv4.split('.').slice(0, 3).join('.')}.0/24`;
  if (net.isIPv6(address)) return `${ipv6Prefix(address, 3)}::/48`;
  return address;
}

/** The first `groups` groups of an IPv6 address, written out in full (so every spelling gives one key). */
function ipv6Prefix(address: string, groups: number): string {
  const withoutZone = address.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) fills two groups; only the first three or four groups are kept.
  const width = (parts: string[]) => parts.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - width(headGroups) - width(tailGroups);
  const all = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return all
    .slice(0, groups)
    .map((group) => (group.includes('.') ? '0' : group.toLowerCase().padStart(4, '0')))
    .join(':');
}
