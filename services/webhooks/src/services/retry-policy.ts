/**
 * The delivery state machine (spec section 6): 2xx succeeds; a timeout, a connection error, a refused target,
 * 5xx, 429 (and any other non-2xx that is not a 4xx, e.g. a redirect, which is never followed) is retried after
 * the configured waits; after the last wait's attempt fails (the 6th attempt with the default five waits), or at
 * once on any other 4xx, the delivery becomes dead_letter. Pure functions, so the schedule is unit-tested.
 */
import type { DELIVERY_STATES } from '@studio/contracts/records';

/** The states of a delivery, as its record declares them. */
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export type OutcomeKind = 'success' | 'retryable' | 'terminal';

/** Classifies an attempt by its HTTP status; null means no answer (timeout, network error, refused target). */
export function classifyStatus(status: number | null): OutcomeKind {
  if (status === null) return 'retryable';
  if (status >= 200 && status <= 299) return 'success';
  if (status === 429) return 'retryable';
  if (status >= 400 && status <= 499) return 'terminal';
  return 'retryable';
}

export interface NextStep {
  state: Exclude<DeliveryState, 'pending'>;
  /** Wait before the next attempt, for failed_retrying; null for a final state. */
  retryInMs: number | null;
}

/**
 * Where a delivery goes after an attempt. `attemptsInCycle` counts this attempt (1 for the first attempt
 * since creation or replay); `schedule` is the list of waits (RETRY_SCHEDULE).
 */
export function nextStep(outcome: OutcomeKind, attemptsInCycle: number, schedule: readonly number[]): NextStep {
  if (outcome === 'success') return { state: 'succeeded', retryInMs: null };
  if (outcome === 'terminal') return { state: 'dead_letter', retryInMs: null };
  const wait = schedule[attemptsInCycle - 1];
  if (wait === undefined) return { state: 'dead_letter', retryInMs: null };
  return { state: 'failed_retrying', retryInMs: wait };
}

/** Total attempts a delivery gets in one cycle: the first plus one per wait (6 with the default schedule). */
export const maxAttempts = (schedule: readonly number[]) => schedule.length + 1;
