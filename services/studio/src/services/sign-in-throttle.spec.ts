import { describe, expect, it } from 'vitest';
import {
  accountKey,
  addressBucket,
  addressKey,
  DELAYS_SECONDS,
  delaySecondsAfter,
  MAX_DELAY_SECONDS,
  secondsUntil,
} from './sign-in-throttle.js';

describe('sign-in throttle arithmetic', () => {
  it('lets five failures through, then doubles the wait from 1 s, capped at 15 minutes', () => {
    expect([0, 1, 2, 3, 4].map(delaySecondsAfter)).toEqual([0, 0, 0, 0, 0]);
    expect([5, 6, 7, 8, 9, 10].map(delaySecondsAfter)).toEqual([1, 2, 4, 8, 16, 32]);
    expect(delaySecondsAfter(14)).toBe(512);
    expect(delaySecondsAfter(15)).toBe(MAX_DELAY_SECONDS);
    expect(delaySecondsAfter(10_000)).toBe(900);
  });

  it('lists the delays by count for the database, ending at the cap', () => {
    expect(DELAYS_SECONDS).toEqual([0, 0, 0, 0, 1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  it('buckets IPv4 by address and IPv6 by /64; an IPv4-mapped address is its IPv4 host', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
    expect(addressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('[2001:db8::1]')).toBe('2001:db8:0:0::/64');
    expect(addressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('::ffff:198.51.100.9')).toBe('198.51.100.9');
    expect(addressBucket('::ffff:c633:6409')).toBe('198.51.100.9');
  });

  it('has no address bucket for something that is not an IP address', () => {
    for (const bad of ['', 'unknown', '203.0.113', '999.1.1.1', 'example.com', '1.2.3.4, 5.6.7.8']) expect(addressKey(bad), bad).toBeNull();
    expect(addressKey('203.0.113.7')).toBe('address:203.0.113.7');
  });

  it('keys an account by profile id, and an unknown e-mail by its digest (never in clear)', () => {
    expect(accountKey({ id: 'p-1' }, 'ada@example.com')).toBe('account:p-1');
    const unknown = accountKey(null, 'nobody@example.com');
    expect(unknown).toMatch(/^account:[0-9a-f]{64}$/);
    expect(unknown).not.toContain('nobody');
    expect(accountKey(null, 'nobody@example.com')).toBe(unknown);
  });

  it('rounds a remaining wait up to whole seconds', () => {
    const now = new Date('2026-11-28T12:00:00.000Z');
    expect(secondsUntil(new Date('2026-11-28T12:00:00.001Z'), now)).toBe(1);
    expect(secondsUntil(new Date('2026-11-28T12:00:02.000Z'), now)).toBe(2);
    expect(secondsUntil(now, now)).toBe(0);
    expect(secondsUntil(new Date('2026-11-28T11:59:00.000Z'), now)).toBe(0);
  });
});
