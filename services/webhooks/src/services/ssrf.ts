/**
 * Server-side request forgery guard for webhook targets. A target URL is checked when it is registered and
 * again at every delivery, after DNS resolution: the dispatcher connects through `createSafeLookup`, which
 * resolves the name, refuses the connection when any resolved address is not allowed, and hands the socket
 * the very address it checked (no time-of-check/time-of-use gap, so DNS rebinding gains nothing).
 *
 * Only public addresses are allowed. The one exception is loopback (127.0.0.0/8 and ::1 written plainly, and
 * `localhost` names) when WEBHOOK_ALLOW_PRIVATE_TARGETS is on, for local receivers in dev and test stacks. Every
 * other class is refused in every mode: private (RFC 1918, CGNAT, ULA), link-local, cloud metadata, unspecified,
 * multicast, broadcast, reserved/documentation. IPv6 forms that embed an IPv4 address (IPv4-mapped,
 * IPv4-compatible, NAT64, 6to4) are judged by the embedded address, and never count as the allowed loopback.
 *
 * At registration every refusal of a well-formed URL (unresolvable name, any disallowed address) is one and the
 * same error, TARGET_NOT_ALLOWED, so answers cannot be used to map internal names and ranges; the real reason
 * travels in `detail` for the server's log only.
 */
import dns from 'node:dns';
import net from 'node:net';

export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'invalid';

export interface TargetPolicy {
  /** Allow plain loopback targets (127.0.0.0/8, ::1, `localhost`): WEBHOOK_ALLOW_PRIVATE_TARGETS, dev and test stacks. */
  allowLoopback: boolean;
}

// ---------------------------------------------------------------------------------------------------------
// IPv4

/** Strict dotted quad (what DNS answers and the WHATWG URL parser produce); null otherwise. */
export function parseIPv4(text: string): number | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^(0|[1-9]\d{0,2})$/.test(p)) return null;
    const v = Number(p);
    if (v > 255) return null;
    n = n * 256 + v;
  }
  return n;
}

const v4 = (a: number, b: number, c: number, d: number) => ((a * 256 + b) * 256 + c) * 256 + d;
const inV4 = (addr: number, base: number, bits: number) => {
  const size = 2 ** (32 - bits);
  return addr >= base && addr < base + size;
};

const V4_METADATA = new Set([
  v4(169, 254, 169, 254), // AWS, GCP, Azure, OpenStack instance metadata
  v4(169, 254, 170, 2), // AWS ECS task metadata
  v4(100, 100, 100, 200), // Alibaba Cloud metadata
  v4(168, 63, 129, 16), // Azure platform (WireServer); a public address that must never be a target
]);

const V4_RANGES: readonly [number, number, AddressClass][] = [
  [v4(0, 0, 0, 0), 8, 'unspecified'],
  [v4(10, 0, 0, 0), 8, 'private'],
  [v4(100, 64, 0, 0), 10, 'private'], // shared address space (CGNAT)
  [v4(127, 0, 0, 0), 8, 'loopback'],
  [v4(169, 254, 0, 0), 16, 'link_local'],
  [v4(172, 16, 0, 0), 12, 'private'],
  [v4(192, 0, 0, 0), 24, 'reserved'], // IETF protocol assignments
  [v4(192, 0, 2, 0), 24, 'reserved'], // TEST-NET-1
  [v4(192, 88, 99, 0), 24, 'reserved'], // 6to4 relay anycast
  [v4(192, 168, 0, 0), 16, 'private'],
  [v4(198, 18, 0, 0), 15, 'reserved'], // benchmarking
  [v4(198, 51, 100, 0), 24, 'reserved'], // TEST-NET-2
  [v4(203, 0, 113, 0), 24, 'reserved'], // TEST-NET-3
  [v4(224, 0, 0, 0), 4, 'multicast'],
  [v4(240, 0, 0, 0), 4, 'reserved'],
];

export function classifyIPv4Number(addr: number): AddressClass {
  if (addr === 0xffffffff) return 'broadcast';
  if (V4_METADATA.has(addr)) return 'metadata';
  for (const [base, bits, cls] of V4_RANGES) if (inV4(addr, base, bits)) return cls;
  return 'public';
}

// ---------------------------------------------------------------------------------------------------------
// IPv6

/** Parses any textual IPv6 address (incl. `::`, embedded dotted IPv4, a zone suffix) into 8 groups. */
export function parseIPv6(text: string): number[] | null {
  let s = text;
  const zone = s.indexOf('%');
  if (zone >= 0) s = s.slice(0, zone);
  if (!net.isIPv6(s)) return null;
  const lastColon = s.lastIndexOf(':');
  const maybeV4 = s.slice(lastColon + 1);
  if (maybeV4.includes('.')) {
    // Rewrite an embedded dotted IPv4 tail as two hex groups: ::ffff:127.0.0.1 -> ::ffff:7f00:1.
    const n = parseIPv4(maybeV4);
    if (n === null) return null;
    s = `${s.slice(0, lastColon + 1)}${Math.floor(n / 65536).toString(16)}:${(n % 65536).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const toGroups = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => (/^[0-9a-fA-F]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = toGroups(halves[0]!);
  const rest = halves.length === 2 ? toGroups(halves[1]!) : [];
  let groups: number[];
  if (halves.length === 2) {
    if (head.length + rest.length > 7) return null;
    groups = [...head, ...new Array<number>(8 - head.length - rest.length).fill(0), ...rest];
  } else {
    groups = head;
  }
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups;
}

const embeddedV4 = (hi: number, lo: number) => hi * 65536 + lo;

export function classifyIPv6Groups(g: number[]): AddressClass {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const firstSixZero = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0;
  if (firstSixZero && g6 === 0 && g7 === 0) return 'unspecified';
  if (firstSixZero && g6 === 0 && g7 === 1) return 'loopback';
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated): judge the IPv4 address.
  if (g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && ((g4 === 0 && g5 === 0xffff) || (g4 === 0xffff && g5 === 0))) {
    return classifyIPv4Number(embeddedV4(g6, g7));
  }
  // ::a.b.c.d (deprecated IPv4-compatible).
  if (firstSixZero) return classifyIPv4Number(embeddedV4(g6, g7));
  // 64:ff9b::/96 well-known NAT64 prefix: the IPv4 address is in the last 32 bits.
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return classifyIPv4Number(embeddedV4(g6, g7));
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 1) return 'private'; // 64:ff9b:1::/48 local-use NAT64
  // 2002::/16 6to4: the IPv4 address is in bits 16..47.
  if (g0 === 0x2002) return classifyIPv4Number(embeddedV4(g1, g2));
  if (g0 === 0xfd00 && g1 === 0x0ec2 && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0 && g6 === 0 && g7 === 0x254) return 'metadata';
  if ((g0 & 0xff00) === 0xff00) return 'multicast';
  if ((g0 & 0xffc0) === 0xfe80) return 'link_local';
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // deprecated site-local
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local fc00::/7
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'reserved'; // discard-only 100::/64
  if (g0 === 0x2001 && g1 < 0x0200) return 'reserved'; // 2001::/23 IETF protocol assignments (Teredo, ORCHID, ...)
  if (g0 === 0x2001 && g1 === 0x0db8) return 'reserved'; // documentation
  if ((g0 & 0xfff0) === 0x3ff0) return 'reserved'; // 3fff::/20 documentation
  if ((g0 & 0xe000) !== 0x2000) return 'reserved'; // outside global unicast 2000::/3
  return 'public';
}

/** True for 127.0.0.0/8 as a dotted quad and for ::1: the loopback a local receiver listens on (no embedded forms). */
export function isPlainLoopback(address: string): boolean {
  const a = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const n4 = parseIPv4(a);
  if (n4 !== null) return inV4(n4, v4(127, 0, 0, 0), 8);
  const g = parseIPv6(a);
  if (!g) return false;
  return g.slice(0, 7).every((group) => group === 0) && g[7] === 1;
}

/** Whether a target may be reached at this address: public, or plain loopback when the policy allows it. */
export function isAllowedAddress(address: string, policy: TargetPolicy): boolean {
  const cls = classifyAddress(address);
  return cls === 'public' || (policy.allowLoopback && cls === 'loopback' && isPlainLoopback(address));
}

/** Classifies a textual IP address (IPv4 dotted quad or any IPv6 form); 'invalid' for anything else. */
export function classifyAddress(address: string): AddressClass {
  const a = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const n4 = parseIPv4(a);
  if (n4 !== null) return classifyIPv4Number(n4);
  const g = parseIPv6(a);
  if (g) return classifyIPv6Groups(g);
  return 'invalid';
}

// ---------------------------------------------------------------------------------------------------------
// URLs and resolution

/**
 * The one answer, at registration, for every well-formed URL whose target is refused (unresolvable, private,
 * loopback, link-local, CGNAT, unique-local, IPv4-mapped, metadata, ...): identical whatever the reason.
 */
export const TARGET_NOT_ALLOWED = 'target is not allowed';

export class TargetRejectedError extends Error {
  /** The real reason (server log only; never in an answer at registration). Same as `message` unless set. */
  readonly detail: string;

  constructor(
    message: string,
    readonly reason: 'url' | 'address' | 'dns',
    detail?: string,
  ) {
    super(message);
    this.name = 'TargetRejectedError';
    this.detail = detail ?? message;
  }
}

export const MAX_URL_LENGTH = 2048;

/**
 * Parses and normalises a target URL: http or https only, no user info, a host, no fragment. The WHATWG parser
 * also turns decimal, octal and hex IPv4 hosts (`http://2130706433/`, `http://0x7f.1/`) into dotted quads, so
 * the address checks below see the real address. Throws TargetRejectedError.
 */
export function normalizeTargetUrl(input: string): URL {
  if (typeof input !== 'string' || input.length === 0 || input.length > MAX_URL_LENGTH) {
    throw new TargetRejectedError(`url must be 1 to ${MAX_URL_LENGTH} characters`, 'url');
  }
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new TargetRejectedError('url is not a valid absolute URL', 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRejectedError('url must use http or https', 'url');
  if (url.username || url.password) throw new TargetRejectedError('url must not contain credentials', 'url');
  if (!url.hostname) throw new TargetRejectedError('url must name a host', 'url');
  url.hash = '';
  if (url.href.length > MAX_URL_LENGTH) throw new TargetRejectedError(`url must be at most ${MAX_URL_LENGTH} characters`, 'url');
  return url;
}

/** The host of a URL without IPv6 brackets. */
export function bareHost(url: URL): string {
  const h = url.hostname;
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

function describe(address: string, cls: AddressClass): string {
  return `target address ${address} is not allowed (${cls.replace('_', '-')})`;
}

/** Throws when a literal IP address, or a name that must mean loopback, is not allowed. Returns true if literal. */
export function checkLiteralHost(host: string, policy: TargetPolicy): boolean {
  if (net.isIP(host)) {
    if (!isAllowedAddress(host, policy)) throw new TargetRejectedError(describe(host, classifyAddress(host)), 'address');
    return true;
  }
  const lower = host.toLowerCase().replace(/\.$/, '');
  // RFC 6761: `localhost` and `*.localhost` are loopback whatever a resolver says.
  if ((lower === 'localhost' || lower.endsWith('.localhost')) && !policy.allowLoopback) {
    throw new TargetRejectedError(`target host ${host} is not allowed (loopback)`, 'address');
  }
  return false;
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

export type Resolver = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** Checks every resolved address; throws when any is not allowed (a mixed answer is refused whole). */
export function checkResolved(host: string, addresses: readonly ResolvedAddress[], policy: TargetPolicy): void {
  if (addresses.length === 0) throw new TargetRejectedError(`target host ${host} has no addresses`, 'dns');
  for (const a of addresses) {
    if (!isAllowedAddress(a.address, policy))
      throw new TargetRejectedError(`target host ${host} resolves to a ${classifyAddress(a.address).replace('_', '-')} address`, 'address');
  }
}

/**
 * Registration-time check: syntax, literal addresses, then DNS (with a timeout). Returns the normalised URL.
 * A malformed URL is refused with what is wrong with it (that maps nothing). Any other refusal (a name that does
 * not resolve, a disallowed address) is TARGET_NOT_ALLOWED, whatever the reason; the reason is in `detail`.
 */
export async function checkTargetUrl(
  input: string,
  policy: TargetPolicy,
  resolver: Resolver = systemResolver,
  timeoutMs = 3000,
): Promise<URL> {
  const url = normalizeTargetUrl(input);
  try {
    return await checkTargetAddresses(url, policy, resolver, timeoutMs);
  } catch (err) {
    if (err instanceof TargetRejectedError) throw new TargetRejectedError(TARGET_NOT_ALLOWED, err.reason, err.detail);
    throw err;
  }
}

async function checkTargetAddresses(url: URL, policy: TargetPolicy, resolver: Resolver, timeoutMs: number): Promise<URL> {
  const host = bareHost(url);
  if (checkLiteralHost(host, policy)) return url;
  let addresses: ResolvedAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    addresses = await Promise.race([
      resolver(host),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), timeoutMs);
      }),
    ]);
  } catch {
    throw new TargetRejectedError(`target host ${host} could not be resolved`, 'dns');
  } finally {
    clearTimeout(timer);
  }
  checkResolved(host, addresses, policy);
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void;
export type SafeLookup = (hostname: string, options: dns.LookupOptions, callback: LookupCallback) => void;

/**
 * A `lookup` for http.request / net.connect: resolves like the system would, refuses the connection when any
 * address is not allowed, and otherwise answers exactly the checked addresses (the socket connects to one of
 * them). Literal IP hosts never reach a lookup, so callers check them with checkLiteralHost first.
 */
export function createSafeLookup(policy: TargetPolicy, resolver: Resolver = systemResolver): SafeLookup {
  return (hostname, options, callback) => {
    let host = hostname;
    try {
      checkLiteralHost(host, policy);
    } catch (err) {
      callback(err as NodeJS.ErrnoException, '', 0);
      return;
    }
    if (host.startsWith('[') && host.endsWith(']')) host = host.slice(1, -1);
    resolver(host).then(
      (all) => {
        try {
          const wanted = options.family === 4 || options.family === 6 ? all.filter((a) => a.family === options.family) : all;
          checkResolved(host, all, policy);
          if (wanted.length === 0) throw new TargetRejectedError(`target host ${host} has no IPv${options.family} address`, 'dns');
          if (options.all)
            callback(
              null,
              wanted.map((a) => ({ address: a.address, family: a.family })),
            );
          else callback(null, wanted[0]!.address, wanted[0]!.family);
        } catch (err) {
          callback(err as NodeJS.ErrnoException, '', 0);
        }
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 0),
    );
  };
}
