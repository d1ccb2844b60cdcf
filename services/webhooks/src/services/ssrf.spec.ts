import { describe, expect, it } from 'vitest';
import {
  checkTargetUrl,
  classifyAddress,
  createSafeLookup,
  isAllowedClass,
  normalizeTargetUrl,
  parseIPv6,
  TargetRejectedError,
  type AddressClass,
  type Resolver,
} from './ssrf.js';

const strict = { allowPrivate: false };
const relaxed = { allowPrivate: true };

describe('classifyAddress', () => {
  const table: [string, AddressClass][] = [
    // IPv4
    ['8.8.8.8', 'public'],
    ['1.1.1.1', 'public'],
    ['93.184.216.34', 'public'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.0.0.1', 'private'],
    ['10.255.255.255', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['172.15.255.255', 'public'],
    ['172.32.0.0', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['100.127.255.255', 'private'],
    ['100.128.0.0', 'public'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['192.0.0.8', 'reserved'],
    ['192.0.2.1', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['240.0.0.1', 'reserved'],
    ['255.255.255.255', 'broadcast'],
    // IPv6
    ['::', 'unspecified'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['[::1]', 'loopback'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['febf::1', 'link_local'],
    ['fec0::1', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456:789a::1', 'private'],
    ['fd00:ec2::254', 'metadata'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['2001::1', 'reserved'],
    ['100::1', 'reserved'],
    ['3fff::1', 'reserved'],
    ['4000::1', 'reserved'],
    ['2606:4700:4700::1111', 'public'],
    ['2a00:1450:4001:80b::200e', 'public'],
    // IPv6 forms that embed IPv4
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::FFFF:127.0.0.1', 'loopback'],
    ['0:0:0:0:0:ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['::ffff:0:127.0.0.1', 'loopback'],
    ['::127.0.0.1', 'loopback'],
    ['::10.1.2.3', 'private'],
    ['64:ff9b::127.0.0.1', 'loopback'],
    ['64:ff9b::8.8.8.8', 'public'],
    ['64:ff9b:1::1', 'private'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:0808:0808::1', 'public'],
    // not addresses
    ['localhost', 'invalid'],
    ['', 'invalid'],
    ['1.2.3', 'invalid'],
    ['01.2.3.4', 'invalid'],
    ['256.1.1.1', 'invalid'],
    ['1:2:3:4:5:6:7:8:9', 'invalid'],
  ];
  it.each(table)('%s -> %s', (address, cls) => {
    expect(classifyAddress(address)).toBe(cls);
  });

  it('expands IPv6 text into 8 groups', () => {
    expect(parseIPv6('::')).toEqual([0, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('1::')).toEqual([1, 0, 0, 0, 0, 0, 0, 0]);
    expect(parseIPv6('::ffff:1.2.3.4')).toEqual([0, 0, 0, 0, 0, 0xffff, 0x0102, 0x0304]);
    expect(parseIPv6('1:2:3:4:5:6:7:8')).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(parseIPv6('1:2:3:4:5:6:1.2.3.4')).toEqual([1, 2, 3, 4, 5, 6, 0x0102, 0x0304]);
  });
});

describe('policy', () => {
  it('allows private ranges only with the flag, and never metadata, unspecified, multicast or reserved', () => {
    for (const cls of ['loopback', 'private', 'link_local'] as const) {
      expect(isAllowedClass(cls, strict)).toBe(false);
      expect(isAllowedClass(cls, relaxed)).toBe(true);
    }
    for (const cls of ['metadata', 'unspecified', 'multicast', 'broadcast', 'reserved', 'invalid'] as const) {
      expect(isAllowedClass(cls, relaxed)).toBe(false);
    }
    expect(isAllowedClass('public', strict)).toBe(true);
  });
});

const fakeResolver =
  (answers: Record<string, string[]>): Resolver =>
  async (host) => {
    const list = answers[host];
    if (!list) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('checkTargetUrl (registration)', () => {
  const resolver = fakeResolver({
    'hooks.example.com': ['93.184.216.34'],
    'rebind.example.com': ['93.184.216.34', '127.0.0.1'],
    'internal.example.com': ['10.1.2.3'],
    'v6.example.com': ['2606:4700:4700::1111'],
    'mapped.example.com': ['::ffff:169.254.169.254'],
  });

  it.each([
    'http://127.0.0.1/hook',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://0177.0.0.1/',
    'http://017700000001/',
    'http://[::1]:8080/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:7f00:1]/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[fd00:ec2::254]/',
    'http://10.0.0.1/',
    'http://0.0.0.0/',
    'http://localhost:3000/',
    'http://api.localhost/',
    'http://LOCALHOST./',
    'https://internal.example.com/',
    'https://rebind.example.com/',
    'https://mapped.example.com/',
  ])('refuses %s with the flag off', async (url) => {
    await expect(checkTargetUrl(url, strict, resolver)).rejects.toBeInstanceOf(TargetRejectedError);
  });

  it.each(['ftp://hooks.example.com/', 'javascript:alert(1)', 'not a url', 'http://user:pw@hooks.example.com/', 'https://nowhere.example.com/', `https://hooks.example.com/${'a'.repeat(2100)}`])(
    'refuses %s',
    async (url) => {
      await expect(checkTargetUrl(url, relaxed, resolver)).rejects.toBeInstanceOf(TargetRejectedError);
    },
  );

  it('accepts public targets and normalises the URL (fragment dropped)', async () => {
    expect((await checkTargetUrl('https://HOOKS.example.com/a?b=1#frag', strict, resolver)).href).toBe('https://hooks.example.com/a?b=1');
    expect((await checkTargetUrl('https://v6.example.com/', strict, resolver)).href).toBe('https://v6.example.com/');
    expect((await checkTargetUrl('https://[2606:4700:4700::1111]/x', strict, resolver)).href).toBe('https://[2606:4700:4700::1111]/x');
  });

  it('accepts private targets with the flag, never metadata', async () => {
    expect((await checkTargetUrl('http://127.0.0.1:9999/h', relaxed, resolver)).href).toBe('http://127.0.0.1:9999/h');
    expect((await checkTargetUrl('https://internal.example.com/', relaxed, resolver)).href).toBe('https://internal.example.com/');
    await expect(checkTargetUrl('http://169.254.169.254/', relaxed, resolver)).rejects.toThrow(/metadata/);
    await expect(checkTargetUrl('https://mapped.example.com/', relaxed, resolver)).rejects.toThrow(/metadata/);
  });

  it('normalizeTargetUrl turns numeric IPv4 forms into dotted quads', () => {
    expect(normalizeTargetUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(normalizeTargetUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
  });
});

describe('createSafeLookup (delivery time)', () => {
  const resolver = fakeResolver({ 'ok.example.com': ['93.184.216.34', '2606:4700:4700::1111'], 'bad.example.com': ['127.0.0.1'] });
  const lookup = (host: string, opts: { all?: boolean; family?: number }, policy = strict) =>
    new Promise<{ err: Error | null; address: unknown; family?: number }>((resolve) =>
      createSafeLookup(policy, resolver)(host, opts as never, (err, address, family) => resolve({ err, address, family })),
    );

  it('answers exactly the checked addresses', async () => {
    expect(await lookup('ok.example.com', {})).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect((await lookup('ok.example.com', { all: true })).address).toEqual([
      { address: '93.184.216.34', family: 4 },
      { address: '2606:4700:4700::1111', family: 6 },
    ]);
    expect(await lookup('ok.example.com', { family: 6 })).toEqual({ err: null, address: '2606:4700:4700::1111', family: 6 });
  });

  it('refuses a name that resolves to a forbidden address, and localhost', async () => {
    expect((await lookup('bad.example.com', {})).err).toBeInstanceOf(TargetRejectedError);
    expect((await lookup('localhost', {})).err).toBeInstanceOf(TargetRejectedError);
    expect((await lookup('bad.example.com', {}, relaxed)).err).toBeNull();
  });
});
