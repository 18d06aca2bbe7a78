import net from 'node:net';

/**
 * The key a rate limit counts a client address under. An IPv4 address is one client. An IPv6 client
 * usually holds a whole /64 (one customer line, one cloud instance), and can pick a fresh address in it
 * for every request, so IPv6 addresses are counted by their /64 prefix. IPv4-mapped IPv6 addresses
 * (`::ffff:192.0.2.1`, how a dual-stack socket reports IPv4 clients) count as the IPv4 address.
 */
export function rateLimitKey(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (net.isIPv6(address)) return `${ipv6Prefix64(address)}::/64`;
  return address;
}

/** The first four groups of an IPv6 address, written out in full (so every spelling gives one key). */
function ipv6Prefix64(address: string): string {
  const withoutZone = address.split('%')[0]!;
  const [head = '', tail] = withoutZone.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  // An embedded IPv4 tail (::1.2.3.4) fills two groups; only the first four groups matter here.
  const width = (groups: string[]) => groups.reduce((sum, group) => sum + (group.includes('.') ? 2 : 1), 0);
  const missing = tail === undefined ? 0 : 8 - width(headGroups) - width(tailGroups);
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups
    .slice(0, 4)
    .map((group) => (group.includes('.') ? '0' : group.toLowerCase().padStart(4, '0')))
    .join(':');
}
