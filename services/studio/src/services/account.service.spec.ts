import { describe, expect, it, vi } from 'vitest';
import { createCursorCodec } from '@studio/cursor';
import { createLogger } from '@studio/logger';
import { AccountService, digestOf, INVITE_LIFETIME_MS, LINK_LIFETIME_MS, RESET_LIFETIME_MS } from './account.service.js';
import type { ServiceDeps } from './deps.js';
import type { MailMessage, Mailer } from './mail.js';

const NOW = new Date('2026-11-28T12:00:00.000Z');
const PROFILE = { id: '33333333-3333-4333-8333-333333333333', email: 'ada@example.com', name: 'Ada', passwordHash: null };

function setup(opts: { mailed?: boolean; profile?: typeof PROFILE | null } = {}) {
  const links = { create: vi.fn(async (data: object) => data), latestCreatedAt: vi.fn(async () => null) };
  const profiles = {
    findOrCreate: vi.fn(async () => PROFILE),
    getByEmail: vi.fn(async () => (opts.profile === undefined ? PROFILE : opts.profile)),
  };
  const sent: MailMessage[] = [];
  const mailer: Mailer = {
    enabled: true,
    async send(message) {
      sent.push(message);
      return opts.mailed ?? true;
    },
    close() {},
  };
  const deps = {
    stores: { links, profiles },
    cursor: createCursorCodec('x'.repeat(32)),
    events: { nudge() {} },
    now: () => NOW,
  } as unknown as ServiceDeps;
  const settings = { publicUrl: 'https://studio.example.com', sessionIdleMs: 3_600_000, sessionAbsoluteMs: 43_200_000 };
  const service = new AccountService(deps, { settings, mailer, logger: createLogger({ service: 'test', level: 'silent' }) });
  return { service, links, profiles, sent };
}

describe('one-time links', () => {
  it('last 24 hours for an invitation and 1 hour for a reset', () => {
    expect(INVITE_LIFETIME_MS).toBe(24 * 3_600_000);
    expect(RESET_LIFETIME_MS).toBe(3_600_000);
    expect(LINK_LIFETIME_MS).toEqual({ invite: INVITE_LIFETIME_MS, reset: RESET_LIFETIME_MS });
  });

  it('an invitation: a 256-bit secret in the URL fragment, only its SHA-256 stored, expiring in 24 h, mailed', async () => {
    const { service, links, sent } = setup();
    const invitation = await service.invite({ email: ' Ada@Example.com ', name: 'Ada' });
    expect(invitation.inviteUrl).toMatch(/^https:\/\/studio\.example\.com\/console\/set-password#[A-Za-z0-9_-]{43}$/);
    const secret = invitation.inviteUrl.split('#')[1]!;
    expect(links.create).toHaveBeenCalledWith({
      profileId: PROFILE.id,
      kind: 'invite',
      hash: digestOf(secret),
      createdAt: NOW,
      expiresAt: new Date(NOW.getTime() + 24 * 3_600_000),
    });
    expect(JSON.stringify(links.create.mock.calls)).not.toContain(secret);
    expect(invitation).toMatchObject({ profileId: PROFILE.id, mailed: true });
    expect(sent).toEqual([
      { to: PROFILE.email, subject: 'You are invited to Studio', text: expect.stringContaining(invitation.inviteUrl) },
    ]);
  });

  it('an invitation whose mail failed still gives its link', async () => {
    const { service } = setup({ mailed: false });
    expect(await service.invite({ email: 'ada@example.com' })).toMatchObject({ mailed: false, inviteUrl: expect.any(String) });
  });

  it('a reset: expiring in 1 h, mailed to the profile; nothing for an unknown address or a bad one', async () => {
    const { service, links, sent } = setup();
    await service.requestPasswordReset({ email: 'ADA@example.com' });
    // The link is made and mailed in the background (the answer does not wait for it).
    await vi.waitFor(() => expect(sent).toHaveLength(1));
    expect(links.create).toHaveBeenCalledWith(expect.objectContaining({ kind: 'reset', expiresAt: new Date(NOW.getTime() + 3_600_000) }));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toMatch(/https:\/\/studio\.example\.com\/console\/set-password#[A-Za-z0-9_-]{43}/);

    const unknown = setup({ profile: null });
    await unknown.service.requestPasswordReset({ email: 'nobody@example.com' });
    await unknown.service.requestPasswordReset({ email: '' });
    await unknown.service.requestPasswordReset({ email: `${'x'.repeat(300)}@example.com` });
    expect(unknown.links.create).not.toHaveBeenCalled();
    expect(unknown.sent).toEqual([]);
  });
});
