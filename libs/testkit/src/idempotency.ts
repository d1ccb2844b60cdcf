/**
 * For the services' integration tests of keyed routes (called directly, without the gateway and its Redis): the
 * same keyed request twice is answered once and replayed from the service's table, byte for byte, and the same key
 * with another body is a 422.
 */
import { type KeyObject, randomUUID } from 'node:crypto';
import { IDENTITY_HEADER, signIdentity } from '@studio/identity';
import type { ApiResponse, Caller, MemberCaller } from './api.js';
import { expect } from 'vitest';

/**
 * `member` calling with one API token throughout (a key is scoped per token): tenantCallers' callers sign a new token
 * id into each request's identity, so none of their requests would share a key.
 */
export function oneTokenCaller(member: MemberCaller, identityKey: KeyObject, audience: string): Caller {
  const tokenId = randomUUID();
  const { profileId, memberships } = member;
  return {
    headers: () => ({
      [IDENTITY_HEADER]: signIdentity({ kind: 'token', profileId, tokenId, scopeWorkspaceId: null, memberships }, identityKey, audience),
    }),
  };
}

/** `send(body)` sends one request with the same Idempotency-Key and token each time. Answers the first response. */
export async function expectDurableReplay(
  send: (body: unknown) => Promise<ApiResponse>,
  body: unknown,
  otherBody: unknown,
): Promise<ApiResponse> {
  const first = await send(body);
  expect(first.status, first.text).toBeGreaterThanOrEqual(200);
  expect(first.status, first.text).toBeLessThan(300);
  expect(first.headers.get('idempotent-replayed')).toBeNull();
  const again = await send(body);
  expect({ status: again.status, text: again.text, replayed: again.headers.get('idempotent-replayed') }).toEqual({
    status: first.status,
    text: first.text,
    replayed: 'true',
  });
  const other = await send(otherBody);
  expect(other.status).toBe(422);
  expect(other.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
  return first;
}
