import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { requireToken, requireWorkspace, workspaceFilter } from './access.js';
import type { ClientPrincipal, TokenPrincipal } from './index.js';

const token: TokenPrincipal = {
  kind: 'token',
  profileId: 'p',
  tokenId: 't',
  scopeWorkspaceId: null,
  memberships: { w1: 'owner', w2: 'viewer' },
};
const client: ClientPrincipal = { kind: 'client', sessionId: 's', galleryId: 'g', workspaceId: 'w1' };

function kindOf(fn: () => unknown): string | undefined {
  try {
    fn();
    return undefined;
  } catch (err) {
    return err instanceof AppError ? err.kind : 'not an AppError';
  }
}

describe('requireToken', () => {
  it('passes a token principal through and refuses anyone else as unauthorized', () => {
    expect(requireToken(token)).toBe(token);
    expect(kindOf(() => requireToken(client))).toBe('unauthorized');
    expect(kindOf(() => requireToken(undefined))).toBe('unauthorized');
  });
});

describe('requireWorkspace', () => {
  it('answers the role in a reached workspace', () => {
    expect(requireWorkspace(token, 'w1')).toBe('owner');
    expect(requireWorkspace(token, 'w1', 'admin')).toBe('owner');
    expect(requireWorkspace(token, 'w2')).toBe('viewer');
  });

  it('is not_found for a workspace the caller does not reach, forbidden for a role below the minimum', () => {
    expect(kindOf(() => requireWorkspace(token, 'elsewhere'))).toBe('not_found');
    expect(kindOf(() => requireWorkspace(token, 'elsewhere', 'owner'))).toBe('not_found');
    expect(kindOf(() => requireWorkspace(token, 'w2', 'photographer'))).toBe('forbidden');
  });
});

describe('workspaceFilter', () => {
  it('is the one workspace asked for, checked, or every workspace the caller reaches', () => {
    expect(workspaceFilter(token, 'w2')).toEqual(['w2']);
    expect(workspaceFilter(token, undefined)).toEqual(['w1', 'w2']);
    expect(kindOf(() => workspaceFilter(token, 'elsewhere'))).toBe('not_found');
  });
});
