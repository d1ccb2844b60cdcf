import net from 'node:net';
import client from 'prom-client';
import { describe, expect, it } from 'vitest';
import { StudioClient, toLookup } from './studio.client.js';

describe('toLookup', () => {
  const base = {
    profile_id: 'p',
    token_id: 't',
    scope_workspace_id: '',
    memberships: [{ workspace_id: 'w1', role: 'owner' }],
    rate_limit: 0,
    read_only: false,
    valid_until: '',
  };

  it('maps a studio answer to a token with a memberships record', () => {
    expect(toLookup(base)).toEqual({
      kind: 'valid',
      token: {
        profileId: 'p',
        tokenId: 't',
        scopeWorkspaceId: null,
        memberships: { w1: 'owner' },
        rateLimit: 0,
        readOnly: false,
        validUntil: null,
      },
    });
    expect(toLookup({ ...base, scope_workspace_id: 'w1', rate_limit: 900 })).toMatchObject({
      token: { scopeWorkspaceId: 'w1', rateLimit: 900 },
    });
  });

  it('treats a malformed answer as unavailable, never as a principal', () => {
    expect(toLookup(null)).toEqual({ kind: 'unavailable' });
    expect(toLookup({ ...base, profile_id: '' })).toEqual({ kind: 'unavailable' });
    expect(toLookup({ ...base, memberships: [{ workspace_id: 'w1', role: 'superuser' }] })).toEqual({ kind: 'unavailable' });
    expect(toLookup({ ...base, memberships: [{ workspace_id: '', role: 'owner' }] })).toEqual({ kind: 'unavailable' });
  });

  it('carries read_only and valid_until (as ms since the epoch; "" is never)', () => {
    expect(toLookup({ ...base, read_only: true, valid_until: '2026-11-28T12:00:00.000Z' })).toMatchObject({
      token: { readOnly: true, validUntil: Date.parse('2026-11-28T12:00:00.000Z') },
    });
  });

  it('treats an unreadable valid_until as a malformed answer', () => {
    expect(toLookup({ ...base, valid_until: 'tomorrow-ish' })).toEqual({ kind: 'unavailable' });
  });

  it('ignores a negative rate limit', () => {
    expect(toLookup({ ...base, rate_limit: -5 })).toMatchObject({ token: { rateLimit: 0 } });
  });
});

describe('StudioClient failure counter', () => {
  const failures = async (registry: client.Registry) =>
    Object.fromEntries(
      ((await registry.getSingleMetric('gateway_token_check_failures_total')?.get())?.values ?? []).map((v) => [v.labels.reason, v.value]),
    );

  it('counts a studio that refuses the connection as unavailable', async () => {
    const registry = new client.Registry();
    // A port nothing listens on: bind one, then close it.
    const server = net.createServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    await new Promise((r) => server.close(r));
    const studio = new StudioClient(`127.0.0.1:${port}`, 5_000, { registry });
    try {
      expect(await studio.authenticate('stu_x')).toEqual({ kind: 'unavailable' });
      expect(await failures(registry)).toMatchObject({ unavailable: 1, timeout: 0, malformed: 0 });
    } finally {
      studio.close();
    }
  });

  it('counts a studio that does not answer within the deadline as a timeout', async () => {
    const registry = new client.Registry();
    // Accepts connections and never says anything (no HTTP/2 settings): the call runs into its deadline.
    const sockets: net.Socket[] = [];
    const server = net.createServer((s) => sockets.push(s));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as net.AddressInfo;
    const studio = new StudioClient(`127.0.0.1:${port}`, 100, { registry });
    try {
      expect(await studio.authenticate('stu_x')).toEqual({ kind: 'unavailable' });
      expect(await failures(registry)).toMatchObject({ timeout: 1, unavailable: 0 });
    } finally {
      studio.close();
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(r));
    }
  });
});
