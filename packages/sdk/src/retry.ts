/**
 * When the client tries a call again, and after how long (Stripe's Node SDK is the anchor: 2 retries by default,
 * jittered exponential backoff, a timeout per attempt). Bounded: at most `maxRetries` retries per call.
 * - 429 rate_limited: any method (the API refused it before doing anything), after Retry-After seconds when the
 *   answer says (not at all when that is longer than `maxRetryAfterS`: waiting less would only be refused again),
 *   else after an exponential backoff;
 * - no answer (fetch threw, or the attempt timed out), and 502, 503 and 504 (a proxy or a replica that is going
 *   away, e.g. during a rollout): only when repeating cannot do the work twice, i.e. GET, HEAD, PUT, DELETE, OPTIONS,
 *   or a request that carries an Idempotency-Key (the same key on every attempt, so the API runs it at most once);
 *   after Retry-After when a 502/503/504 says (the same `maxRetryAfterS` bound), else after a backoff;
 * - 409 conflict on a keyed request after such a failure: the first attempt may still be running under that
 *   key (the API answers 409 while it is), so the client waits and asks again to get its stored answer;
 * - nothing else (4xx are the caller's to fix; a 500 is not known to be safe to repeat).
 */

export interface RetryPolicy {
  /** Retries after the first attempt (default 2, so at most 3 attempts). */
  maxRetries: number;
  /** The longest Retry-After (seconds) the client waits out by itself (default 60). */
  maxRetryAfterS: number;
  /** The first backoff step; each next one doubles, with jitter, up to MAX_BACKOFF_MS (default 500). */
  baseDelayMs: number;
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = { maxRetries: 2, maxRetryAfterS: 60, baseDelayMs: 500 };
export const MAX_BACKOFF_MS = 10_000;
/** Milliseconds one attempt may take, its answer's body included, before it counts as a failure without answer. */
export const DEFAULT_TIMEOUT_MS = 60_000;

const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
/** Answers of a gateway or a replica that did not run the request to its end (or may not have): repeat when safe. */
const TRANSIENT_STATUSES = new Set([502, 503, 504]);

/** What happened to one attempt. */
export type AttemptOutcome = { kind: 'network'; timedOut: boolean } | { kind: 'answer'; status: number; retryAfterS: number | null };

/**
 * Why the client waits before another attempt (`onRetry`): `network` no answer, `timeout` no answer within
 * `timeoutMs`, `rate_limited` a 429, `status` a 502/503/504 (or the 409 of a keyed request still running).
 */
export type RetryKind = 'network' | 'timeout' | 'rate_limited' | 'status';

export interface AttemptContext {
  /** Upper-case HTTP method. */
  method: string;
  /** Whether the request carries an Idempotency-Key. */
  keyed: boolean;
  /** Retries already made for this call (0 after the first attempt). */
  retries: number;
  /** Whether an earlier attempt of this call got no answer (or a 502/503/504: it may have run). */
  hadNetworkFailure: boolean;
}

/** Whether repeating the request cannot run it twice. */
export function repeatable(method: string, keyed: boolean): boolean {
  return keyed || SAFE_TO_REPEAT.has(method);
}

/** Whether an answer with this status says the request may not have run to its end (502, 503, 504). */
export function transientStatus(status: number): boolean {
  return TRANSIENT_STATUSES.has(status);
}

/** The RetryKind of an outcome. */
export function retryKind(outcome: AttemptOutcome): RetryKind {
  if (outcome.kind === 'network') return outcome.timedOut ? 'timeout' : 'network';
  return outcome.status === 429 ? 'rate_limited' : 'status';
}

/** Exponential backoff with equal jitter: half the step fixed, half random. */
export function backoffMs(retries: number, baseDelayMs: number, random: () => number = Math.random): number {
  const step = Math.min(MAX_BACKOFF_MS, baseDelayMs * 2 ** retries);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Milliseconds to wait before the next attempt, or null to give up (and surface the outcome). */
export function retryDelayMs(
  outcome: AttemptOutcome,
  ctx: AttemptContext,
  policy: RetryPolicy,
  random: () => number = Math.random,
): number | null {
  if (ctx.retries >= policy.maxRetries) return null;
  const backoff = () => backoffMs(ctx.retries, policy.baseDelayMs, random);
  if (outcome.kind === 'network') return repeatable(ctx.method, ctx.keyed) ? backoff() : null;
  const afterRetryAfter = () => {
    if (outcome.retryAfterS === null) return backoff();
    return outcome.retryAfterS <= policy.maxRetryAfterS ? outcome.retryAfterS * 1000 : null;
  };
  if (outcome.status === 429) return afterRetryAfter();
  if (transientStatus(outcome.status)) return repeatable(ctx.method, ctx.keyed) ? afterRetryAfter() : null;
  if (outcome.status === 409 && ctx.keyed && ctx.hadNetworkFailure) return backoff();
  return null;
}
