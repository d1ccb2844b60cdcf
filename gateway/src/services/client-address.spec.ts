import { describe, expect, it } from 'vitest';
import { clientAddress, parseTrustedProxies } from './client-address.js';

const none = parseTrustedProxies('');
const ingress = parseTrustedProxies('10.0.0.0/8, fd00::/8, 192.168.1.7');

describe('clientAddress', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', none)).toBe('203.0.113.9');
    expect(clientAddress('::ffff:203.0.113.9', undefined, none)).toBe('203.0.113.9');
  });

  it('is the socket peer when the peer is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', ingress)).toBe('203.0.113.9');
  });

  it('behind a trusted proxy, is the rightmost hop that is not trusted', () => {
    expect(clientAddress('10.1.2.3', '198.51.100.1', ingress)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:10.1.2.3', '1.2.3.4, 198.51.100.1, 10.9.9.9', ingress)).toBe('198.51.100.1');
    expect(clientAddress('fd00::1', ['2001:db8::5', '192.168.1.7'], ingress)).toBe('2001:db8::5');
  });

  it('cannot be forged by a client prepending addresses', () => {
    // The client sent "X-Forwarded-For: 10.0.0.99"; the ingress appended the client's real address.
    expect(clientAddress('10.1.2.3', '10.0.0.99, 198.51.100.1', ingress)).toBe('198.51.100.1');
  });

  it('takes the leftmost hop when all are trusted, and stops at a malformed hop', () => {
    expect(clientAddress('10.1.2.3', '10.4.4.4, 10.5.5.5', ingress)).toBe('10.4.4.4');
    expect(clientAddress('10.1.2.3', 'garbage, 198.51.100.1', ingress)).toBe('198.51.100.1');
    expect(clientAddress('10.1.2.3', '198.51.100.1, garbage', ingress)).toBe('10.1.2.3');
    expect(clientAddress('10.1.2.3', undefined, ingress)).toBe('10.1.2.3');
  });
});

describe('parseTrustedProxies', () => {
  it('accepts addresses and CIDRs of both families', () => {
    const trusted = parseTrustedProxies('127.0.0.1, 10.0.0.0/8, ::1, fd00::/8');
    expect(['127.0.0.1', '10.200.0.1', '::1', 'fd12::3', '::ffff:10.0.0.1'].map((a) => trusted.has(a))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(['127.0.0.2', '11.0.0.1', '::2', 'not-an-ip'].map((a) => trusted.has(a))).toEqual([false, false, false, false]);
  });

  it('names the first bad entry', () => {
    for (const bad of ['10.0.0.0/33', 'example.com', '10.0.0.0/8/1', '10.0.0.1/x', '::/129']) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(`not an address or CIDR: ${bad}`);
    }
  });
});
