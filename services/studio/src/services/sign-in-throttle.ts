/**
 * The sign-in throttle's arithmetic (AccountService keeps the counters in sign_in_throttles): one counter per account
 * (the profile's id, or SHA-256 of an unknown e-mail, so unknown and known addresses behave alike) and one per
 * address bucket (an IPv4 address, or the /64 of an IPv6 one: one host or one customer network). The first
 * FREE_FAILURES failures cost nothing; after that each failure makes the next try wait 2^(failures - FREE_FAILURES)
 * seconds (1, 2, 4, ...), capped at MAX_DELAY_SECONDS. A counter is forgotten FORGET_AFTER_MS after its last failure
 * and an account's is cleared by a successful sign-in: nobody is ever locked out for good.
 */
import { createHash } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';

export const FREE_FAILURES = 5;
export const MAX_DELAY_SECONDS = 15 * 60;
export const FORGET_AFTER_MS = 24 * 3_600_000;

/** Seconds the next try must wait after `failures` consecutive failures. */
export function delaySecondsAfter(failures: number): number {
  if (failures < FREE_FAILURES) return 0;
  const exponent = failures - FREE_FAILURES;
  // 2^10 already passes the cap; larger exponents stay at the cap (and never overflow).
  return exponent >= 10 ? MAX_DELAY_SECONDS : Math.min(2 ** exponent, MAX_DELAY_SECONDS);
}

/** delaySecondsAfter(1), delaySecondsAfter(2), ... up to the first count that reaches the cap (ThrottleStore.admit). */
export const DELAYS_SECONDS: readonly number[] = Array.from({ length: FREE_FAILURES + 11 }, (_, i) => delaySecondsAfter(i + 1));

/** The counter of an account: its profile id, or a digest of an e-mail no profile has (never stored in clear). */
export function accountKey(profile: { id: string } | null, email: string): string {
  return profile ? `account:${profile.id}` : `account:${createHash('sha256').update(email).digest('hex')}`;
}

/** The counter of an address: `address:<IPv4>` or `address:<first 4 groups of IPv6>::/64`; null when not an IP address. */
export function addressKey(address: string): string | null {
  const bucket = addressBucket(address);
  return bucket === null ? null : `address:${bucket}`;
}

export function addressBucket(raw: string): string | null {
  const address = raw
    .trim()
    .replace(/^\[(.*)\]$/, '$1')
    .replace(/%.*$/, '');
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const groups = expandIPv6(address);
  // An IPv4-mapped address (::ffff:a.b.c.d) is that IPv4 host.
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 0xff, groups[7]! >> 8, groups[7]! & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (with "::" and a trailing dotted IPv4 part expanded). */
function expandIPv6(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? (text.split('::') as [string, string]) : [text, undefined];
  const parse = (part: string) => (part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16)));
  const left = parse(head);
  if (tail === undefined) return left;
  const right = parse(tail);
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}

/** Whole seconds until `until` (at least 1 while it is in the future), or 0 when it has passed. */
export function secondsUntil(until: Date, now: Date): number {
  const ms = until.getTime() - now.getTime();
  return ms > 0 ? Math.ceil(ms / 1000) : 0;
}
