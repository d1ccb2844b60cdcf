import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './errors.js';
import { backoffMs, DEFAULT_RETRY_POLICY, MAX_BACKOFF_MS, repeatable, retryDelayMs, retryKind, type AttemptContext } from './retry.js';

const policy = DEFAULT_RETRY_POLICY;
const ctx = (over: Partial<AttemptContext> = {}): AttemptContext => ({
  method: 'GET',
  keyed: false,
  retries: 0,
  hadNetworkFailure: false,
  ...over,
});
const answer = (status: number, retryAfterS: number | null = null) => ({ kind: 'answer' as const, status, retryAfterS });
const network = { kind: 'network' as const, timedOut: false };
const timeout = { kind: 'network' as const, timedOut: true };
const half = () => 0.5;

describe('retryDelayMs', () => {
  it('waits out a 429 for Retry-After seconds, whatever the method, and gives up past maxRetryAfterS', () => {
    expect(retryDelayMs(answer(429, 3), ctx({ method: 'POST' }), policy)).toBe(3000);
    expect(retryDelayMs(answer(429, 0), ctx(), policy)).toBe(0);
    expect(retryDelayMs(answer(429, 60), ctx(), policy)).toBe(60_000);
    expect(retryDelayMs(answer(429, 61), ctx(), policy)).toBeNull();
    expect(retryDelayMs(answer(429, 5), ctx(), { ...policy, maxRetryAfterS: 2 })).toBeNull();
  });

  it('backs off exponentially on a 429 without Retry-After', () => {
    expect(retryDelayMs(answer(429), ctx(), policy, half)).toBe(375);
    expect(retryDelayMs(answer(429), ctx({ retries: 1 }), policy, half)).toBe(750);
  });

  it('retries a request without an answer only when repeating it cannot run it twice', () => {
    for (const method of ['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS'])
      expect(retryDelayMs(network, ctx({ method }), policy, half)).toBe(375);
    expect(retryDelayMs(network, ctx({ method: 'POST' }), policy)).toBeNull();
    expect(retryDelayMs(network, ctx({ method: 'PATCH' }), policy)).toBeNull();
    expect(retryDelayMs(network, ctx({ method: 'POST', keyed: true }), policy, half)).toBe(375);
    expect(repeatable('POST', false)).toBe(false);
    expect(repeatable('POST', true)).toBe(true);
  });

  it('asks again on a 409 only for a keyed request whose earlier attempt got no answer (it may still be running)', () => {
    expect(retryDelayMs(answer(409), ctx({ method: 'POST', keyed: true, retries: 1, hadNetworkFailure: true }), policy, half)).toBe(750);
    expect(retryDelayMs(answer(409), ctx({ method: 'POST', keyed: true }), policy)).toBeNull();
    expect(retryDelayMs(answer(409), ctx({ method: 'POST', hadNetworkFailure: true }), policy)).toBeNull();
  });

  it('retries a 502, 503 or 504 only when repeating cannot run the request twice, after Retry-After when given', () => {
    for (const status of [502, 503, 504]) {
      for (const method of ['GET', 'HEAD', 'PUT', 'DELETE']) expect(retryDelayMs(answer(status), ctx({ method }), policy, half)).toBe(375);
      expect(retryDelayMs(answer(status), ctx({ method: 'POST', keyed: true }), policy, half), String(status)).toBe(375);
      expect(retryDelayMs(answer(status), ctx({ method: 'POST' }), policy), String(status)).toBeNull();
      expect(retryDelayMs(answer(status), ctx({ method: 'PATCH' }), policy), String(status)).toBeNull();
    }
    expect(retryDelayMs(answer(503, 4), ctx(), policy, half)).toBe(4000);
    expect(retryDelayMs(answer(503, 61), ctx(), policy, half)).toBeNull();
    expect(retryDelayMs(answer(503, 4), ctx({ method: 'POST' }), policy, half)).toBeNull();
  });

  it('treats a timed-out attempt as one without answer', () => {
    expect(retryDelayMs(timeout, ctx(), policy, half)).toBe(375);
    expect(retryDelayMs(timeout, ctx({ method: 'POST' }), policy)).toBeNull();
    expect(retryDelayMs(timeout, ctx({ method: 'POST', keyed: true }), policy, half)).toBe(375);
  });

  it('never retries other answers', () => {
    for (const status of [400, 401, 403, 404, 405, 410, 422, 500, 501]) {
      expect(retryDelayMs(answer(status, 1), ctx({ keyed: true, hadNetworkFailure: true }), policy), String(status)).toBeNull();
    }
  });

  it('names the reason of a wait', () => {
    expect(retryKind(network)).toBe('network');
    expect(retryKind(timeout)).toBe('timeout');
    expect(retryKind(answer(429, 1))).toBe('rate_limited');
    expect(retryKind(answer(503))).toBe('status');
  });

  it('is bounded by maxRetries', () => {
    expect(retryDelayMs(answer(429, 1), ctx({ retries: 2 }), policy)).toBeNull();
    expect(retryDelayMs(network, ctx({ retries: 2 }), policy)).toBeNull();
    expect(retryDelayMs(answer(503), ctx({ retries: 2 }), policy)).toBeNull();
    expect(retryDelayMs(answer(429, 1), ctx(), { ...policy, maxRetries: 0 })).toBeNull();
    expect(retryDelayMs(answer(429, 1), ctx({ retries: 4 }), { ...policy, maxRetries: 5 })).toBe(1000);
  });
});

describe('backoffMs', () => {
  it('doubles per retry with equal jitter, capped', () => {
    expect(backoffMs(0, 500, () => 0)).toBe(250);
    expect(backoffMs(0, 500, () => 1)).toBe(500);
    expect(backoffMs(3, 500, () => 0)).toBe(2000);
    expect(backoffMs(30, 500, () => 1)).toBe(MAX_BACKOFF_MS);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('7', now)).toBe(7);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Tue, 24 Nov 2026 12:00:09 GMT', now)).toBe(9);
    expect(parseRetryAfter('Tue, 24 Nov 2026 11:00:00 GMT', now)).toBe(0);
  });
  it('is null when absent or malformed', () => {
    expect(parseRetryAfter(null, now)).toBeNull();
    expect(parseRetryAfter('', now)).toBeNull();
    expect(parseRetryAfter('-3', now)).toBeNull();
    expect(parseRetryAfter('1.5', now)).toBeNull();
    expect(parseRetryAfter('soon', now)).toBeNull();
  });
});
