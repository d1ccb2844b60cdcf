import { describe, expect, it } from 'vitest';
import {
  checkTargetUrl,
  classifyAddress,
  createSafeLookup,
  isAllowedAddress,
  isPlainLoopback,
  normalizeTargetUrl,
  parseIPv6,
  TARGET_NOT_ALLOWED,
  TargetRejectedError,
  type AddressClass,
  type Resolver,
} from './ssrf.js';

const strict = { allowLoopback: false };
const relaxed = { allowLoopback: true };

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
  it('allows plain loopback only with the flag', () => {
    for (const address of ['127.0.0.1', '127.255.0.9', '::1', '0:0:0:0:0:0:0:1', '[::1]']) {
      expect(isPlainLoopback(address)).toBe(true);
      expect(isAllowedAddress(address, strict)).toBe(false);
      expect(isAllowedAddress(address, relaxed)).toBe(true);
    }
  });

  it('refuses every other non-public address in every mode, embedded loopback forms included', () => {
    const refused = [
      '10.0.0.1',
      '172.16.0.1',
      '192.168.1.1',
      '100.64.0.1',
      '100.127.255.254',
      '169.254.1.1',
      '169.254.169.254',
      'fe80::1',
      'fc00::1',
      'fd12:3456:789a::1',
      'fd00:ec2::254',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::ffff:10.0.0.1',
      '::127.0.0.1',
      '64:ff9b::127.0.0.1',
      '2002:7f00:1::',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      '255.255.255.255',
      '192.0.2.1',
      'nonsense',
    ];
    for (const address of refused) {
      expect(isPlainLoopback(address), address).toBe(false);
      expect(isAllowedAddress(address, strict), address).toBe(false);
      expect(isAllowedAddress(address, relaxed), address).toBe(false);
    }
    expect(isAllowedAddress('93.184.216.34', strict)).toBe(true);
    expect(isAllowedAddress('2606:4700:4700::1111', strict)).toBe(true);
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
    'loop.example.com': ['127.0.0.1', '::1'],
    localhost: ['127.0.0.1', '::1'],
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

  it.each([
    'ftp://hooks.example.com/',
    'javascript:alert(1)',
    'not a url',
    'http://user:pw@hooks.example.com/',
    'https://nowhere.example.com/',
    `https://hooks.example.com/${'a'.repeat(2100)}`,
  ])('refuses %s', async (url) => {
    await expect(checkTargetUrl(url, relaxed, resolver)).rejects.toBeInstanceOf(TargetRejectedError);
  });

  it('accepts public targets and normalises the URL (fragment dropped)', async () => {
    expect((await checkTargetUrl('https://HOOKS.example.com/a?b=1#frag', strict, resolver)).href).toBe('https://hooks.example.com/a?b=1');
    expect((await checkTargetUrl('https://v6.example.com/', strict, resolver)).href).toBe('https://v6.example.com/');
    expect((await checkTargetUrl('https://[2606:4700:4700::1111]/x', strict, resolver)).href).toBe('https://[2606:4700:4700::1111]/x');
  });

  it('accepts loopback targets with the flag, and nothing else private', async () => {
    expect((await checkTargetUrl('http://127.0.0.1:9999/h', relaxed, resolver)).href).toBe('http://127.0.0.1:9999/h');
    expect((await checkTargetUrl('http://[::1]:9999/h', relaxed, resolver)).href).toBe('http://[::1]:9999/h');
    expect((await checkTargetUrl('http://localhost:9999/h', relaxed, resolver)).href).toBe('http://localhost:9999/h');
    expect((await checkTargetUrl('https://loop.example.com/', relaxed, resolver)).href).toBe('https://loop.example.com/');
    for (const url of ['https://internal.example.com/', 'http://10.0.0.1/', 'http://[::ffff:127.0.0.1]/', 'http://169.254.169.254/']) {
      await expect(checkTargetUrl(url, relaxed, resolver), url).rejects.toBeInstanceOf(TargetRejectedError);
    }
  });

  it('gives one identical refusal for every kind of target, and keeps the real reason in detail', async () => {
    const targets = {
      unresolvable: 'https://nowhere.example.com/',
      rfc1918: 'http://10.0.0.1/',
      rfc1918Name: 'https://internal.example.com/',
      loopback: 'http://127.0.0.1/',
      loopbackV6: 'http://[::1]/',
      localhost: 'http://localhost/',
      linkLocal: 'http://169.254.1.1/',
      cgnat: 'http://100.64.0.1/',
      uniqueLocal: 'http://[fd12:3456:789a::1]/',
      ipv4Mapped: 'http://[::ffff:10.0.0.1]/',
      metadata: 'http://169.254.169.254/',
      metadataV6: 'http://[fd00:ec2::254]/',
      metadataName: 'https://mapped.example.com/',
      mixedAnswer: 'https://rebind.example.com/',
    };
    const details = new Set<string>();
    for (const [kind, url] of Object.entries(targets)) {
      const err = await checkTargetUrl(url, strict, resolver).then(
        () => null,
        (e: unknown) => e,
      );
      expect(err, kind).toBeInstanceOf(TargetRejectedError);
      expect((err as TargetRejectedError).message, kind).toBe(TARGET_NOT_ALLOWED);
      details.add((err as TargetRejectedError).detail);
    }
    // The reasons differ (they are logged); the answers do not.
    expect(details.size).toBe(Object.keys(targets).length);
  });

  it('still says what is wrong with a malformed URL (that maps nothing)', async () => {
    await expect(checkTargetUrl('ftp://hooks.example.com/', strict, resolver)).rejects.toThrow('url must use http or https');
  });

  it('normalizeTargetUrl turns numeric IPv4 forms into dotted quads', () => {
    expect(normalizeTargetUrl('http://2130706433/').hostname).toBe('127.0.0.1');
    expect(normalizeTargetUrl('http://0x7f.1/').hostname).toBe('127.0.0.1');
  });
});

describe('createSafeLookup (delivery time)', () => {
  const resolver = fakeResolver({
    'ok.example.com': ['93.184.216.34', '2606:4700:4700::1111'],
    'bad.example.com': ['127.0.0.1'],
    'private.example.com': ['10.0.0.1'],
    'cgnat.example.com': ['100.64.0.1'],
  });
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

  it('refuses a name that rebinds to any private range other than loopback, even with the flag', async () => {
    expect((await lookup('private.example.com', {}, relaxed)).err).toBeInstanceOf(TargetRejectedError);
    expect((await lookup('cgnat.example.com', {}, relaxed)).err).toBeInstanceOf(TargetRejectedError);
  });
});
