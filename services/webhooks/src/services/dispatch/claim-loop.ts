/**
 * The dispatcher's claim loop: claims due deliveries in batches under a lease (a claim token; several replicas never
 * claim the same row, and a row whose holder died comes back when its lease ends), hands them to the endpoint
 * queues, and hands back rows this process will not send. It wakes on NOTIFY (new or replayed deliveries), on a
 * freed slot, on the next due time, or on a short poll; after a wake-up while caught up it waits `coalesceMs` so one
 * claim takes what arrived meanwhile (fewer, larger claims).
 */
import { randomUUID } from 'node:crypto';
import type { Logger } from '@studio/logger';
import type { ClaimedDelivery, DeliveryStore } from '../../store/delivery.store.js';
import { failureBackoffMs, pause } from './backoff.js';
import type { HeldDelivery } from './endpoint-queues.js';

/** Where claimed rows go (the endpoint queues), and what the loop needs to know of them. */
export interface ClaimTarget {
  /** Claimed rows not yet finished (their outcome not written). */
  readonly held: number;
  /** Endpoints whose backlog is full: not claimed for. */
  saturatedEndpoints(): string[];
  /** Rows set aside to hand back. */
  takeExpired(): HeldDelivery[];
  accept(rows: readonly ClaimedDelivery[], claimToken: string, claimedAt: number): void;
}

export interface ClaimLoopOptions {
  store: Pick<DeliveryStore, 'claimDue' | 'nextDueInMs' | 'release'>;
  target: ClaimTarget;
  logger: Logger;
  /** DISPATCH_CONCURRENCY: rows held at once at most. */
  concurrency: number;
  batchSize: number;
  pollMs: number;
  leaseMs: number;
  coalesceMs?: number;
}

/**
 * How many rows to claim now, or 0 to wait for slots: with work in hand, the loop waits until a quarter of a
 * batch is free (fewer, larger claims). `batch` is min(batchSize, concurrency).
 */
export function claimSize(concurrency: number, held: number, batch: number): number {
  const free = concurrency - held;
  if (free <= 0 || (held > 0 && free < Math.max(1, batch >> 2))) return 0;
  return Math.min(free, batch);
}

/**
 * How long to sleep after a claim that found nothing: until the next due time (`dueInMs`, null when nothing is
 * scheduled), or the poll interval, whichever comes first. A row already due that was not claimed belongs to a
 * saturated endpoint (`skippedEndpoints`): then the poll interval; otherwise it was just missed: 10 ms.
 */
export function waitAfterEmptyClaim(pollMs: number, dueInMs: number | null, skippedEndpoints: boolean): number {
  if (dueInMs === null) return pollMs;
  return Math.min(pollMs, dueInMs <= 0 ? (skippedEndpoints ? pollMs : 10) : dueInMs + 1);
}

export class ClaimLoop {
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  private wakeUp: (() => void) | null = null;
  private wakeRequested = false;

  constructor(private readonly options: ClaimLoopOptions) {}

  start(): void {
    if (this.loopDone) return;
    this.loopDone = this.loop();
  }

  /** Ends the current sleep (after the coalescing pause), or the next one at once. */
  wake(): void {
    this.wakeRequested = true;
    const wakeUp = this.wakeUp;
    this.wakeUp = null;
    wakeUp?.();
  }

  /** Stops claiming; resolves when the loop has ended. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
  }

  /** Hands rows back (their lease ends now) so any dispatcher can claim them again. */
  async release(items: readonly HeldDelivery[]): Promise<void> {
    const byToken = new Map<string, string[]>();
    for (const item of items) byToken.set(item.claimToken, [...(byToken.get(item.claimToken) ?? []), item.row.id]);
    for (const [token, ids] of byToken) {
      await this.options.store
        .release(ids, token)
        .catch((err: Error) =>
          this.options.logger.warn({ err: err.message }, 'dispatcher: release failed; rows come back when their lease ends'),
        );
    }
  }

  /** Sleeps up to `ms`; a wake-up (NOTIFY, a freed slot) ends it early, after the short coalescing pause. */
  private async idle(ms: number): Promise<void> {
    if (this.wakeRequested || this.stopping) {
      this.wakeRequested = false;
      return;
    }
    const woken = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(
        () => {
          this.wakeUp = null;
          resolve(false);
        },
        Math.max(1, ms),
      );
      timer.unref();
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    const coalesce = this.options.coalesceMs ?? 0;
    if (woken && coalesce > 0 && !this.stopping) await pause(coalesce);
    this.wakeRequested = false;
  }

  private async loop(): Promise<void> {
    const { store, target, logger, pollMs, leaseMs } = this.options;
    let failures = 0;
    const batch = Math.min(this.options.batchSize, this.options.concurrency);
    while (!this.stopping) {
      const expired = target.takeExpired();
      if (expired.length > 0) await this.release(expired);
      const want = claimSize(this.options.concurrency, target.held, batch);
      if (want === 0) {
        await this.idle(pollMs);
        continue;
      }
      const skip = target.saturatedEndpoints();
      let rows: ClaimedDelivery[];
      const claimToken = randomUUID();
      try {
        this.wakeRequested = false;
        rows = await store.claimDue(want, leaseMs, claimToken, skip);
        failures = 0;
      } catch (err) {
        failures++;
        logger.warn({ err: (err as Error).message }, 'dispatcher: claim failed; retrying');
        await pause(failureBackoffMs(failures));
        continue;
      }
      target.accept(rows, claimToken, Date.now());
      if (rows.length === want) continue; // a full batch: more is probably due
      if (this.stopping) break;
      let wait = pollMs;
      if (rows.length === 0) {
        // Nothing due (or only rows of saturated endpoints): sleep until the next due time, a NOTIFY, a freed
        // slot, or the poll interval, whichever comes first.
        try {
          wait = waitAfterEmptyClaim(pollMs, await store.nextDueInMs(), skip.length > 0);
        } catch {
          /* the next claim reports database trouble */
        }
      }
      await this.idle(wait);
    }
  }
}
