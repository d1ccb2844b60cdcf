/**
 * The dispatcher's per-endpoint queues: claimed deliveries wait here, one queue per endpoint, and are started up to
 * the endpoint's concurrency limit (the overall limit is the claim loop's: it claims no more than `concurrency`
 * rows). A row waits at most until its lease could no longer cover a whole attempt; then it is handed back
 * (takeExpired) instead of sent, because another dispatcher may already hold it. Counts what this process holds:
 * `held` (claimed, outcome not yet written) and `sending` (request in flight).
 */
import type { ClaimedDelivery } from '../../store/delivery.store.js';

/** A claimed delivery this process holds, with the claim that leases it. */
export interface HeldDelivery {
  row: ClaimedDelivery;
  claimToken: string;
  /** Date.now() when the claim returned. */
  claimedAt: number;
}

export interface EndpointQueuesOptions {
  /** DISPATCH_ENDPOINT_CONCURRENCY: requests in flight to one endpoint at most. */
  endpointConcurrency: number;
  /** A waiting row is handed back instead of started once this long has passed since its claim. */
  latestStartMs: number;
  /** Starts sending one delivery (the queue counts it as sending until `sent` is called for its endpoint). */
  start(item: HeldDelivery): void;
  /** Rows were set aside for hand-back (takeExpired): the claim loop should wake and release them. */
  onExpired(): void;
  /** The number of requests in flight changed (the in-flight gauge). */
  onSendingChanged?(sending: number): void;
  now?: () => number;
}

interface EndpointQueue {
  waiting: HeldDelivery[];
  sending: number;
}

export class EndpointQueues {
  private readonly queues = new Map<string, EndpointQueue>();
  private readonly expired: HeldDelivery[] = [];
  private readonly idleWaiters = new Set<() => void>();
  private heldCount = 0;
  private sendingCount = 0;
  private starting = true;
  private readonly now: () => number;

  constructor(private readonly options: EndpointQueuesOptions) {
    this.now = options.now ?? Date.now;
  }

  /** Claimed rows this process holds: waiting in an endpoint queue, being sent, or waiting for their outcome write. */
  get held(): number {
    return this.heldCount;
  }

  /** Requests in flight. */
  get sending(): number {
    return this.sendingCount;
  }

  /** Queues freshly claimed rows behind their endpoints and starts what each endpoint has room for. */
  accept(rows: readonly ClaimedDelivery[], claimToken: string, claimedAt: number): void {
    const touched = new Set<string>();
    for (const row of rows) {
      let queue = this.queues.get(row.endpointId);
      if (!queue) {
        queue = { waiting: [], sending: 0 };
        this.queues.set(row.endpointId, queue);
      }
      // Kept even beyond the endpoint's backlog limit: the claim already skipped saturated endpoints, so the
      // overshoot is at most one batch, and startWaiting() hands back anything whose lease would run out first.
      queue.waiting.push({ row, claimToken, claimedAt });
      this.heldCount++;
      touched.add(row.endpointId);
    }
    for (const id of touched) this.startWaiting(id);
  }

  /** Endpoints with a full backlog here (twice their concurrency): the next claim skips them. */
  saturatedEndpoints(): string[] {
    const out: string[] = [];
    for (const [id, queue] of this.queues) if (queue.sending + queue.waiting.length >= this.options.endpointConcurrency * 2) out.push(id);
    return out;
  }

  /** Rows whose lease ran too short to start them: the caller hands them back. */
  takeExpired(): HeldDelivery[] {
    return this.expired.splice(0);
  }

  /** One request to `endpointId` has its answer: its slot frees at once (the claim stays held until outcomeWritten). */
  sent(endpointId: string): void {
    this.sendingCount--;
    this.options.onSendingChanged?.(this.sendingCount);
    const queue = this.queues.get(endpointId);
    if (queue) {
      queue.sending--;
      this.startWaiting(endpointId);
    }
  }

  /** One delivery's outcome is written: the claim is no longer held. */
  outcomeWritten(): void {
    this.heldCount--;
    for (const wake of this.idleWaiters) wake();
    this.idleWaiters.clear();
  }

  /** Shutting down: nothing more is started; rows still waiting stay for takeUnsent. */
  stopStarting(): void {
    this.starting = false;
  }

  /** Every row still waiting (never sent), no longer held here: the caller hands them back. */
  takeUnsent(): HeldDelivery[] {
    const unsent: HeldDelivery[] = [];
    for (const queue of this.queues.values()) unsent.push(...queue.waiting.splice(0));
    this.heldCount -= unsent.length;
    return unsent;
  }

  /** Waits until no request is in flight or `graceMs` has passed; true when none is. */
  async waitUntilIdle(graceMs: number): Promise<boolean> {
    const until = this.now() + graceMs;
    while (this.sendingCount > 0 && this.now() < until) {
      await new Promise<void>((resolve) => {
        this.idleWaiters.add(resolve);
        setTimeout(resolve, 50).unref();
      });
    }
    return this.sendingCount === 0;
  }

  /** Starts waiting deliveries of one endpoint up to its concurrency limit. */
  private startWaiting(endpointId: string): void {
    const queue = this.queues.get(endpointId);
    if (!queue || !this.starting) return; // on stop, rows not yet started are handed back
    // A row whose lease is nearly over may already be another dispatcher's: hand it back instead of sending.
    while (queue.sending < this.options.endpointConcurrency && queue.waiting.length > 0) {
      const item = queue.waiting.shift()!;
      if (this.now() - item.claimedAt > this.options.latestStartMs) {
        this.heldCount--;
        this.expired.push(item);
        continue;
      }
      queue.sending++;
      this.sendingCount++;
      this.options.onSendingChanged?.(this.sendingCount);
      this.options.start(item);
    }
    if (queue.sending === 0 && queue.waiting.length === 0) this.queues.delete(endpointId);
    if (this.expired.length > 0) this.options.onExpired();
  }
}
