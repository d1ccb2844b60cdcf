import { describe, expect, it } from 'vitest';
import { toLookup } from './studio.client.js';

describe('toLookup', () => {
  const base = {
    profile_id: 'p',
    token_id: 't',
    scope_workspace_id: '',
    memberships: [{ workspace_id: 'w1', role: 'owner' }],
    rate_limit: 0,
  };

  it('maps a studio answer to a token with a memberships record', () => {
    expect(toLookup(base)).toEqual({
      kind: 'valid',
      token: { profileId: 'p', tokenId: 't', scopeWorkspaceId: null, memberships: { w1: 'owner' }, rateLimit: 0 },
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

  it('ignores a negative rate limit', () => {
    expect(toLookup({ ...base, rate_limit: -5 })).toMatchObject({ token: { rateLimit: 0 } });
  });
});
