/** The API-token input: a profile, an optional workspace scope, a name of at most 200 characters, a rate limit in range. */
import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { parseInput } from '@studio/http';
import { createTokenInput, MAX_TOKEN_RATE_LIMIT, TOKEN_NAME_MAX } from './token.schema.js';

const PROFILE = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f60';
const WS = '7d4e1c1e-8a4b-4c7e-9f7a-1b2c3d4e5f61';
const issue = (input: object) => createTokenInput.safeParse({ profile_id: PROFILE, ...input }).error?.issues[0];

describe('createTokenInput', () => {
  it('parses a token: scope, name and rate limit optional; a blank name is no name', () => {
    expect(createTokenInput.parse({ profile_id: PROFILE })).toEqual({ profileId: PROFILE });
    expect(createTokenInput.parse({ profile_id: PROFILE, workspace_id: WS, name: ' ci ', rate_limit: 30 })).toEqual({
      profileId: PROFILE,
      workspaceId: WS,
      name: 'ci',
      rateLimit: 30,
    });
    expect(createTokenInput.parse({ profile_id: PROFILE, name: '  ' })).toEqual({ profileId: PROFILE, name: null });
  });

  it('takes the rate limits at both ends of the range', () => {
    expect(createTokenInput.parse({ profile_id: PROFILE, rate_limit: 1 }).rateLimit).toBe(1);
    expect(createTokenInput.parse({ profile_id: PROFILE, rate_limit: MAX_TOKEN_RATE_LIMIT }).rateLimit).toBe(MAX_TOKEN_RATE_LIMIT);
  });

  it.each([[0], [-1], [MAX_TOKEN_RATE_LIMIT + 1], [2.5], ['ten'], [Number.NaN]])(
    'refuses the rate limit %j, naming the range',
    (rateLimit) => {
      expect(issue({ rate_limit: rateLimit })).toMatchObject({
        path: ['rate_limit'],
        message: `must be an integer from 1 to ${MAX_TOKEN_RATE_LIMIT}`,
      });
    },
  );

  it('refuses a name longer than 200 characters', () => {
    expect(issue({ name: 'x'.repeat(TOKEN_NAME_MAX + 1) })).toMatchObject({ path: ['name'] });
    expect(createTokenInput.parse({ profile_id: PROFILE, name: 'x'.repeat(TOKEN_NAME_MAX) }).name).toHaveLength(TOKEN_NAME_MAX);
  });

  it('refuses a profile or workspace that is not a UUID', () => {
    expect(issue({ profile_id: 'nope' })).toMatchObject({ path: ['profile_id'], message: 'must be a UUID' });
    expect(issue({ workspace_id: 'nope' })).toMatchObject({ path: ['workspace_id'], message: 'must be a UUID' });
  });

  it('is refused as invalid_input naming the member (what the CLI answers with exit 2)', () => {
    let refusal: unknown;
    try {
      parseInput(createTokenInput, { profile_id: PROFILE, rate_limit: 0 });
    } catch (err) {
      refusal = err;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect(refusal).toMatchObject({ kind: 'invalid_input', message: `rate_limit: must be an integer from 1 to ${MAX_TOKEN_RATE_LIMIT}` });
  });
});
