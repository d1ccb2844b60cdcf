/**
 * When the client tries a call again, and after how long. Bounded: at most `maxRetries` retries per call.
 * - 429 rate_limited: any method (the API refused it before doing anything), after Retry-After seconds when the
 *   answer says (not at all when that is longer than `maxRetryAfterS`: waiting less would only be refused again),
 *   else after an exponential backoff;
 * - no answer (fetch threw): only when repeating cannot do the work twice, i.e. GET, HEAD, PUT, DELETE, OPTIONS, or a
 *   request that carries an Idempotency-Key (the same key on every attempt, so the API runs it at most once);
 * - 409 conflict on a keyed request after such a network failure: the first attempt may still be running under that
 *   key (the API answers 409 while it is), so the client waits and asks again to get its stored answer;
 * - nothing else (4xx are the caller's to fix; 5xx other than these are not known to be safe to repeat).
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

const SAFE_TO_REPEAT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** What happened to one attempt. */
export type AttemptOutcome = { kind: 'network' } | { kind: 'answer'; status: number; retryAfterS: number | null };

export interface AttemptContext {
  /** Upper-case HTTP method. */
  method: string;
  /** Whether the request carries an Idempotency-Key. */
  keyed: boolean;
  /** Retries already made for this call (0 after the first attempt). */
  retries: number;
  /** Whether an earlier attempt of this call got no answer. */
  hadNetworkFailure: boolean;
}

/** Whether repeating the request cannot run it twice. */
export function repeatable(method: string, keyed: boolean): boolean {
  return keyed || SAFE_TO_REPEAT.has(method);
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
  if (outcome.kind === 'network') return repeatable(ctx.method, ctx.keyed) ? backoffMs(ctx.retries, policy.baseDelayMs, random) : null;
  if (outcome.status === 429) {
    if (outcome.retryAfterS === null) return backoffMs(ctx.retries, policy.baseDelayMs, random);
    return outcome.retryAfterS <= policy.maxRetryAfterS ? outcome.retryAfterS * 1000 : null;
  }
  if (outcome.status === 409 && ctx.keyed && ctx.hadNetworkFailure) return backoffMs(ctx.retries, policy.baseDelayMs, random);
  return null;
}
