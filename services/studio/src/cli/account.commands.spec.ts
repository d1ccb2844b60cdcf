/** The account commands parse their options with the operations' schemas: bad input never reaches a service. */
import { describe, expect, it, vi } from 'vitest';
import { AppError } from '@studio/errors';
import type { StudioOperatorCore } from '../core.js';
import { ACCOUNT_COMMANDS } from './account.commands.js';

const PROFILE = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';
const WS = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f61';

function coreWithServices() {
  const services = {
    profiles: { create: vi.fn(async () => ({ id: PROFILE })) },
    workspaces: { create: vi.fn(async () => ({ id: WS })), addMember: vi.fn(async () => undefined) },
    tokens: {
      create: vi.fn(async () => ({ token: 'stu_x', tokenId: 'id', prefix: 'x' })),
      roll: vi.fn(async () => ({ token: 'stu_y', info: { row: { id: WS }, previousValidUntil: null } })),
    },
  };
  return { core: { services } as unknown as StudioOperatorCore, services };
}

async function refusal(run: () => Promise<unknown>): Promise<AppError> {
  const err = await run().catch((e: unknown) => e);
  if (err instanceof AppError) return err;
  throw new Error(`not refused: ${String(err)}`);
}

describe('account commands', () => {
  it('hand the services the parsed input', async () => {
    const { core, services } = coreWithServices();
    await ACCOUNT_COMMANDS['create-profile']!.run(core, { email: ' Owner@Example.TEST ', name: 'Olive' });
    await ACCOUNT_COMMANDS['create-workspace']!.run(core, { name: ' CLI Studio ', owner: PROFILE });
    await ACCOUNT_COMMANDS['add-member']!.run(core, { workspace: WS, profile: PROFILE, role: 'photographer' });
    await ACCOUNT_COMMANDS['create-token']!.run(core, { profile: PROFILE, workspace: WS, 'rate-limit': '30', name: 'ci' });
    expect(services.profiles.create).toHaveBeenCalledWith({ email: 'owner@example.test', name: 'Olive' });
    expect(services.workspaces.create).toHaveBeenCalledWith({ name: 'CLI Studio', ownerId: PROFILE });
    expect(services.workspaces.addMember).toHaveBeenCalledWith({ workspaceId: WS, profileId: PROFILE, role: 'photographer' });
    expect(services.tokens.create).toHaveBeenCalledWith({ profileId: PROFILE, workspaceId: WS, rateLimit: 30, name: 'ci' });
  });

  it('roll-token rolls a token by id with an overlap (0 by default)', async () => {
    const { core, services } = coreWithServices();
    expect(await ACCOUNT_COMMANDS['roll-token']!.run(core, { 'token-id': WS, 'overlap-seconds': '60' })).toEqual({
      token: 'stu_y',
      token_id: WS,
      previous_valid_until: null,
    });
    await ACCOUNT_COMMANDS['roll-token']!.run(core, { 'token-id': WS });
    expect(services.tokens.roll.mock.calls).toEqual([
      [WS, 60],
      [WS, 0],
    ]);
  });

  it('create-token takes --read-only (a flag) and --expires-in-days N', async () => {
    const { core, services } = coreWithServices();
    await ACCOUNT_COMMANDS['create-token']!.run(core, { profile: PROFILE, 'read-only': 'true', 'expires-in-days': '30' });
    expect(services.tokens.create).toHaveBeenCalledWith({ profileId: PROFILE, readOnly: true, expiresInDays: 30 });
    expect(ACCOUNT_COMMANDS['create-token']!.flags).toEqual(['read-only']);
  });

  it.each([
    ['create-profile', { email: 'not-an-email' }, /^email: /],
    ['create-profile', { email: 'a@example.test', name: 'x'.repeat(201) }, /^name: /],
    ['create-workspace', { name: 'x'.repeat(201) }, /^name: /],
    ['create-workspace', { name: 'X', owner: 'nope' }, /^owner_id: must be a UUID$/],
    ['add-member', { workspace: WS, profile: PROFILE, role: 'boss' }, /^role: must be one of owner, admin, photographer, viewer$/],
    ['add-member', { workspace: 'w', profile: PROFILE, role: 'viewer' }, /^workspace_id: must be a UUID$/],
    ['create-token', { profile: 'nope' }, /^profile_id: must be a UUID$/],
    ['create-token', { profile: PROFILE, 'rate-limit': '0' }, /^rate_limit: must be an integer from 1 to 1000000$/],
    ['create-token', { profile: PROFILE, 'rate-limit': '1000001' }, /^rate_limit: must be an integer from 1 to 1000000$/],
    ['create-token', { profile: PROFILE, 'rate-limit': 'ten' }, /^rate_limit: must be an integer from 1 to 1000000$/],
    ['create-token', { profile: PROFILE, name: 'x'.repeat(201) }, /^name: /],
    ['create-token', { profile: PROFILE, 'expires-in-days': '0' }, /^expires_in_days: must be an integer from 1 to 366$/],
    ['create-token', { profile: PROFILE, 'expires-in-days': '367' }, /^expires_in_days: must be an integer from 1 to 366$/],
    ['create-token', { profile: PROFILE, 'expires-in-days': 'soon' }, /^expires_in_days: must be an integer from 1 to 366$/],
    ['roll-token', { 'token-id': 'nope' }, /^token_id: must be a UUID$/],
    ['roll-token', { 'token-id': WS, 'overlap-seconds': '86401' }, /^overlap_seconds: must be an integer from 0 to 86400$/],
  ])('%s %j is refused with invalid_input (exit 2) before any service runs', async (name, options, message) => {
    const { core, services } = coreWithServices();
    const err = await refusal(() => ACCOUNT_COMMANDS[name]!.run(core, options));
    expect(err).toMatchObject({ kind: 'invalid_input', message: expect.stringMatching(message) });
    for (const service of Object.values(services)) for (const call of Object.values(service)) expect(call).not.toHaveBeenCalled();
  });
});
