/**
 * The client's address behind proxies (issue 14). The socket peer is the client unless it is a trusted proxy
 * (TRUSTED_PROXIES: addresses or CIDRs; default none). Then `X-Forwarded-For` is read from the right, skipping
 * trusted hops: the first address not trusted is the client (a client cannot forge the hops a trusted proxy
 * appended; what it put to the left is never reached while an untrusted hop is in between). When every hop is
 * trusted, the leftmost is the client. A malformed entry ends the walk at the last address known to be good.
 */
import { BlockList, isIP } from 'node:net';

export interface TrustedProxies {
  /** True when `address` is a configured proxy. */
  has(address: string): boolean;
}

/** `::ffff:10.0.0.1` (a v4 peer on a dual-stack socket) -> `10.0.0.1`. */
function normalise(address: string): string {
  const trimmed = address.trim();
  return trimmed.toLowerCase().startsWith('::ffff:') && isIP(trimmed.slice(7)) === 4 ? trimmed.slice(7) : trimmed;
}

/**
 * Parses `10.0.0.0/8, 192.168.1.7, fd00::/8`; throws naming the first entry that is not an address or CIDR.
 * An empty list trusts nobody.
 */
export function parseTrustedProxies(list: string): TrustedProxies {
  const blocks = new BlockList();
  for (const entry of list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)) {
    const [address = '', bits, ...rest] = entry.split('/');
    const family = isIP(address);
    const prefix = bits === undefined ? (family === 6 ? 128 : 32) : Number(bits);
    const max = family === 6 ? 128 : 32;
    if (
      family === 0 ||
      rest.length > 0 ||
      !Number.isInteger(prefix) ||
      prefix < 0 ||
      prefix > max ||
      (bits !== undefined && !/^\d+$/.test(bits))
    ) {
      throw new Error(`not an address or CIDR: ${entry}`);
    }
    blocks.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
  }
  return {
    has(address) {
      const normal = normalise(address);
      const family = isIP(normal);
      return family !== 0 && blocks.check(normal, family === 6 ? 'ipv6' : 'ipv4');
    },
  };
}

/** The client address of a request whose socket peer is `peer` and whose X-Forwarded-For header is `forwardedFor`. */
export function clientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: TrustedProxies): string {
  const socket = normalise(peer ?? '');
  if (!socket || !trusted.has(socket) || forwardedFor === undefined) return socket || 'unknown';
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor).split(',').map(normalise);
  let client = socket;
  for (let i = hops.length - 1; i >= 0; i--) {
    const hop = hops[i]!;
    if (isIP(hop) === 0) break;
    client = hop;
    if (!trusted.has(hop)) break;
  }
  return client;
}
