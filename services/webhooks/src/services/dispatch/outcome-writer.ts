/**
 * The dispatcher's outcome writer: where a delivery goes after an attempt (succeeded, retried after the next wait of
 * the RETRY_SCHEDULE, or dead-lettered: retry-policy.ts) and the write of those outcomes to the database in batches.
 * Outcomes that arrive while a write is under way wait and go in the next batch; on database trouble they are kept
 * and retried with backoff, except when shutting down, where it gives up after a few tries (the leases expire and
 * the deliveries are sent again: at least once).
 */
import type client from 'prom-client';
import type { Logger } from '@studio/logger';
import type { ClaimedDelivery, Completion, DeliveryStore } from '../../store/delivery.store.js';
import { nextStep, type OutcomeKind } from '../retry-policy.js';
import { failureBackoffMs, pause } from './backoff.js';

/** What one attempt came to, before the retry schedule decides the delivery's next state. */
export interface AttemptResult {
  outcome: OutcomeKind;
  /** False when nothing was sent and no attempt is recorded (the endpoint was deactivated meanwhile). */
  attempted: boolean;
  httpStatus: number | null;
  /** Why it did not succeed (the receiver's answer excerpt or our reason); dropped on success. */
  detail: string | null;
  durationMs: number;
}

export interface DispatchStats {
  attempts: number;
  succeeded: number;
  retried: number;
  deadLettered: number;
}

/** Outcomes written in one statement at most. */
const WRITE_BATCH = 500;

/** Text for PostgreSQL: no NUL characters. */
const pgText = (text: string | null): string | null => (text === null || text === '' ? null : text.replace(/\u0000/g, '\uFFFD'));

/** The outcome to write for one attempt of `row`: its next state by the retry schedule, and what to record. */
export function completionFor(
  row: ClaimedDelivery,
  claimToken: string,
  attemptedAt: Date,
  result: AttemptResult,
  schedule: readonly number[],
): Completion {
  const step = nextStep(result.outcome, row.cycleAttempts + 1, schedule);
  return {
    id: row.id,
    claimToken,
    attemptedAt,
    state: step.state,
    retryInMs: step.retryInMs,
    attempted: result.attempted,
    httpStatus: result.httpStatus,
    error: step.state === 'succeeded' ? null : pgText(result.detail),
    durationMs: result.durationMs,
  };
}

/** The `result` label of webhook_delivery_attempts_total. */
export function resultLabel(state: Completion['state']): 'succeeded' | 'retry' | 'dead_letter' {
  return state === 'succeeded' ? 'succeeded' : state === 'failed_retrying' ? 'retry' : 'dead_letter';
}

export interface OutcomeWriterOptions {
  store: Pick<DeliveryStore, 'complete'>;
  logger: Logger;
  /** webhook_delivery_attempts_total. */
  attemptsCounter?: client.Counter<'result'>;
}

export class OutcomeWriter {
  private readonly pending: { completion: Completion; done: () => void }[] = [];
  private flushing: Promise<void> | null = null;
  private shuttingDown = false;
  private readonly counts: DispatchStats = { attempts: 0, succeeded: 0, retried: 0, deadLettered: 0 };

  constructor(private readonly options: OutcomeWriterOptions) {}

  stats(): DispatchStats {
    return { ...this.counts };
  }

  /** Counts the outcome and queues it for the next batch; resolves once it is written (or given up on at shutdown). */
  write(completion: Completion): Promise<void> {
    this.count(completion);
    return new Promise<void>((done) => {
      this.pending.push({ completion, done });
      this.flushing ??= this.flush();
    });
  }

  /** From now on, a write that keeps failing is given up after a few tries. */
  beginShutdown(): void {
    this.shuttingDown = true;
  }

  /** Resolves when no write is under way. */
  async flushed(): Promise<void> {
    if (this.flushing) await this.flushing;
  }

  private count(completion: Completion): void {
    if (completion.attempted) this.counts.attempts++;
    const result = resultLabel(completion.state);
    if (result === 'succeeded') this.counts.succeeded++;
    else if (result === 'retry') this.counts.retried++;
    else this.counts.deadLettered++;
    this.options.attemptsCounter?.inc({ result });
  }

  /** Writes queued outcomes in batches; on database trouble keeps them and retries with backoff. */
  private async flush(): Promise<void> {
    let failures = 0;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, WRITE_BATCH);
      try {
        await this.options.store.complete(batch.map((item) => item.completion));
        failures = 0;
        for (const item of batch) item.done();
      } catch (err) {
        failures++;
        this.pending.unshift(...batch);
        this.options.logger.warn(
          { err: (err as Error).message, pending: this.pending.length },
          'dispatcher: writing outcomes failed; retrying',
        );
        if (this.shuttingDown && failures > 5) {
          // Shutting down without a database: the leases expire and the deliveries are sent again.
          for (const item of this.pending.splice(0)) item.done();
          break;
        }
        await pause(failureBackoffMs(failures));
      }
    }
    this.flushing = null;
  }
}
