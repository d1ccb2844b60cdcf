import { describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { toSession, toSignInResult, toTokenInfo } from './studio-accounts.client.js';

const session = {
  session_id: 's',
  profile_id: 'p',
  email: 'a@example.com',
  name: 'A',
  csrf_token: 'c',
  expires_at: '2026-11-28T13:00:00.000Z',
};
const answer = (outcome: string, extra: object = {}) => ({
  outcome,
  session_token: '',
  session: null,
  retry_after_seconds: 0,
  message: '',
  ...extra,
});

describe("studio's accounts answers", () => {
  it('a sign-in: ok with its session, the refusals with their sentence, throttled with its wait', () => {
    expect(toSignInResult(answer('ok', { session_token: 't', session }))).toEqual({
      outcome: 'ok',
      sessionToken: 't',
      session: {
        sessionId: 's',
        profileId: 'p',
        email: 'a@example.com',
        name: 'A',
        csrfToken: 'c',
        expiresAt: new Date(session.expires_at),
      },
    });
    expect(toSignInResult(answer('invalid', { message: 'no' }))).toEqual({ outcome: 'invalid', message: 'no' });
    expect(toSignInResult(answer('weak_password', { message: 'Use at least 12 characters.' }))).toMatchObject({
      outcome: 'weak_password',
    });
    expect(toSignInResult(answer('throttled', { retry_after_seconds: 0 }))).toMatchObject({ outcome: 'throttled', retryAfterSeconds: 1 });
  });

  it('an answer that is not usable is studio being unavailable, never a session', () => {
    const unavailable = expect.objectContaining({ kind: 'unavailable' });
    for (const bad of [
      answer('ok'),
      answer('ok', { session_token: 't' }),
      answer('ok', { session_token: 't', session: { ...session, csrf_token: '' } }),
      answer('maybe'),
    ]) {
      expect(() => toSignInResult(bad)).toThrow(AppError);
      try {
        toSignInResult(bad);
      } catch (err) {
        expect(err).toEqual(unavailable);
      }
    }
    expect(() => toSession({ ...session, expires_at: 'soon' })).toThrow(AppError);
    expect(() => toTokenInfo(null)).toThrow(AppError);
  });

  it('a token: empty strings are absent values, the permission a flag', () => {
    const info = toTokenInfo({
      token_id: 't1',
      name: 'CI',
      prefix: 'abcdefabcdef',
      workspace_id: '',
      workspace_name: '',
      permission: 'read_only',
      created_at: '2026-11-28T12:00:00Z',
      last_used_at: '',
      expires_at: '',
      revoked_at: '',
      previous_valid_until: '',
    });
    expect(info).toEqual({
      id: 't1',
      name: 'CI',
      prefix: 'abcdefabcdef',
      workspaceId: null,
      workspaceName: '',
      readOnly: true,
      createdAt: '2026-11-28T12:00:00Z',
      lastUsedAt: null,
      expiresAt: null,
      revokedAt: null,
      previousValidUntil: null,
    });
  });
});
