/**
 * The dispatcher: claims due deliveries in batches (several replicas never claim the same row), POSTs each
 * with its signature headers under a global and a per-endpoint concurrency limit, and writes the outcomes back
 * in batches. It wakes on NOTIFY (new or replayed deliveries), on the next due time, or on a short poll.
 * The retry schedule lives in the database (next_attempt_at), so it survives restarts; a dispatcher that dies
 * mid-delivery leaves its rows leased until the lease ends, then any dispatcher sends them again (at least once,
 * always with the same X-Service-Event-Id).
 */
import { randomUUID } from 'node:crypto';
import client from 'prom-client';
import { createAccessLogger, type Logger } from '@studio/logger';
import { runInContext, spanSinkFor, startCall } from '@studio/trace';
import type { ClaimedDelivery, Completion, DeliveryStore } from '../store/delivery.store.js';
import type { DeliveryNotifier } from '../store/notifier.js';
import type { WebhookSender } from './http-sender.js';
import { classifyStatus, nextStep } from './retry-policy.js';
import type { SecretBox } from './secret-crypto.js';
import { EVENT_ID_HEADER, EVENT_TYPE_HEADER, SIGNATURE_HEADER, signatureHeader } from './signing.js';

export interface DispatcherOptions {
  store: DeliveryStore;
  sender: WebhookSender;
  secrets: SecretBox;
  logger: Logger;
  /** RETRY_SCHEDULE: waits in ms after the 1st, 2nd, ... failed attempt. */
  schedule: readonly number[];
  concurrency: number;
  endpointConcurrency: number;
  batchSize: number;
  pollMs: number;
  leaseMs: number;
  /** DELIVERY_TIMEOUT_MS: a held row is only sent while its lease still covers a whole attempt. */
  timeoutMs: number;
  /** After a wake-up while caught up, wait this long so one claim takes what arrived meanwhile (fewer, larger claims). */
  coalesceMs?: number;
  notifier?: DeliveryNotifier;
  registry?: client.Registry;
  /** One access-log line per attempt, in the trace of the event it delivers (default on). */
  accessLog?: boolean;
}

export interface DispatcherStats {
  inFlight: number;
  attempts: number;
  succeeded: number;
  retried: number;
  deadLettered: number;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** Text for PostgreSQL: no NUL characters. */
const pgText = (s: string | null): string | null => (s === null || s === '' ? null : s.replace(/\u0000/g, '\uFFFD'));

function dispatcherMetrics(registry: client.Registry | undefined) {
  const registers = registry ? [registry] : [];
  return {
    attempts: new client.Counter({
      name: 'webhook_delivery_attempts_total',
      help: 'Delivery attempts by resulting state',
      labelNames: ['result'] as const,
      registers,
    }),
    duration: new client.Histogram({
      name: 'webhook_delivery_attempt_duration_seconds',
      help: 'Duration of one outbound delivery attempt',
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    inFlight: new client.Gauge({ name: 'webhook_deliveries_in_flight', help: 'Outbound requests in flight', registers }),
  };
}

interface Held {
  row: ClaimedDelivery;
  claimToken: string;
  claimedAt: number;
}

interface EndpointQueue {
  waiting: Held[];
  sending: number;
}

export class Dispatcher {
  private stopping = false;
  private loopDone: Promise<void> | null = null;
  /** Claimed rows this process holds: waiting in an endpoint queue or being sent. */
  private held = 0;
  private sending = 0;
  private readonly queues = new Map<string, EndpointQueue>();
  private wakeUp: (() => void) | null = null;
  private wakeRequested = false;
  private readonly pending: { completion: Completion; done: () => void }[] = [];
  private flushing: Promise<void> | null = null;
  private readonly idleWaiters = new Set<() => void>();
  private readonly secretCache = new Map<string, { enc: Buffer; secret: string }>();
  private readonly expired: Held[] = [];
  private readonly urlCache = new Map<string, URL>();
  private readonly metrics;
  private readonly counters: DispatcherStats = { inFlight: 0, attempts: 0, succeeded: 0, retried: 0, deadLettered: 0 };

  private readonly accessLog: Logger;

  constructor(private readonly o: DispatcherOptions) {
    this.metrics = dispatcherMetrics(o.registry);
    this.accessLog = createAccessLogger(o.logger, o.accessLog ?? true);
    o.notifier?.onWake(() => this.wake());
  }

  start(): void {
    if (this.loopDone) return;
    this.loopDone = this.loop();
  }

  stats(): DispatcherStats {
    return { ...this.counters, inFlight: this.sending };
  }

  /** Stops claiming, lets held deliveries finish (up to `graceMs`) and writes their outcomes. */
  async stop(graceMs = 15_000): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    // Rows still waiting in a queue were never sent: hand them back at once.
    const unsent: Held[] = [];
    for (const q of this.queues.values()) unsent.push(...q.waiting.splice(0));
    this.held -= unsent.length;
    await this.releaseHeld([...unsent, ...this.expired.splice(0)]);
    const until = Date.now() + graceMs;
    while (this.sending > 0 && Date.now() < until) {
      await new Promise<void>((resolve) => {
        this.idleWaiters.add(resolve);
        setTimeout(resolve, 50).unref();
      });
    }
    if (this.sending > 0) this.o.logger.warn({ inFlight: this.sending }, 'dispatcher stopped with deliveries in flight; their leases will expire and they will be sent again');
    if (this.flushing) await this.flushing;
  }

  private wake(): void {
    this.wakeRequested = true;
    const fn = this.wakeUp;
    this.wakeUp = null;
    fn?.();
  }

  /** Sleeps up to `ms`; a wake-up (NOTIFY, a freed slot) ends it early, after the short coalescing pause. */
  private async idle(ms: number): Promise<void> {
    if (this.wakeRequested || this.stopping) {
      this.wakeRequested = false;
      return;
    }
    const woken = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        this.wakeUp = null;
        resolve(false);
      }, Math.max(1, ms));
      timer.unref();
      this.wakeUp = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
    const coalesce = this.o.coalesceMs ?? 0;
    if (woken && coalesce > 0 && !this.stopping) await sleep(coalesce);
    this.wakeRequested = false;
  }

  /** Endpoints with a full backlog here: the next claim skips them. */
  private saturatedEndpoints(): string[] {
    const out: string[] = [];
    for (const [id, q] of this.queues) if (q.sending + q.waiting.length >= this.o.endpointConcurrency * 2) out.push(id);
    return out;
  }

  private async releaseHeld(items: Held[]): Promise<void> {
    const byToken = new Map<string, string[]>();
    for (const h of items) byToken.set(h.claimToken, [...(byToken.get(h.claimToken) ?? []), h.row.id]);
    for (const [token, ids] of byToken) {
      await this.o.store.release(ids, token).catch((err: Error) => this.o.logger.warn({ err: err.message }, 'dispatcher: release failed; rows come back when their lease ends'));
    }
  }

  private async loop(): Promise<void> {
    let failures = 0;
    const batch = Math.min(this.o.batchSize, this.o.concurrency);
    while (!this.stopping) {
      if (this.expired.length > 0) await this.releaseHeld(this.expired.splice(0));
      const free = this.o.concurrency - this.held;
      // Claim in batches: with work in hand, wait until a quarter of a batch is free (fewer, larger claims).
      if (free <= 0 || (this.held > 0 && free < Math.max(1, batch >> 2))) {
        await this.idle(this.o.pollMs);
        continue;
      }
      const want = Math.min(free, batch);
      const skip = this.saturatedEndpoints();
      let rows: ClaimedDelivery[];
      const claimToken = randomUUID();
      try {
        this.wakeRequested = false;
        rows = await this.o.store.claimDue(want, this.o.leaseMs, claimToken, skip);
        failures = 0;
      } catch (err) {
        failures++;
        this.o.logger.warn({ err: (err as Error).message }, 'dispatcher: claim failed; retrying');
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
        continue;
      }
      const claimedAt = Date.now();
      const touched = new Set<string>();
      for (const row of rows) {
        let q = this.queues.get(row.endpointId);
        if (!q) {
          q = { waiting: [], sending: 0 };
          this.queues.set(row.endpointId, q);
        }
        // Kept even beyond the endpoint's backlog limit: the claim already skipped saturated endpoints, so the
        // overshoot is at most one batch, and pump() hands back anything whose lease would run out first.
        q.waiting.push({ row, claimToken, claimedAt });
        this.held++;
        touched.add(row.endpointId);
      }
      for (const id of touched) this.pump(id);
      if (rows.length === want) continue; // a full batch: more is probably due
      if (this.stopping) break;
      let wait = this.o.pollMs;
      if (rows.length === 0) {
        // Nothing due (or only rows of saturated endpoints): sleep until the next due time, a NOTIFY, a freed
        // slot, or the poll interval, whichever comes first.
        try {
          const due = await this.o.store.nextDueInMs();
          if (due !== null) wait = Math.min(wait, due <= 0 ? (skip.length > 0 ? this.o.pollMs : 10) : due + 1);
        } catch {
          /* the next claim reports database trouble */
        }
      }
      await this.idle(wait);
    }
  }

  /** Starts waiting deliveries of one endpoint up to its concurrency limit. */
  private pump(endpointId: string): void {
    const q = this.queues.get(endpointId);
    if (!q || this.stopping) return; // on stop, rows not yet started are handed back
    // A row whose lease is nearly over may already be another dispatcher's: hand it back instead of sending.
    const latestStart = this.o.leaseMs - this.o.timeoutMs - 1000;
    while (q.sending < this.o.endpointConcurrency && q.waiting.length > 0) {
      const item = q.waiting.shift()!;
      if (Date.now() - item.claimedAt > latestStart) {
        this.held--;
        this.expired.push(item);
        continue;
      }
      q.sending++;
      this.sending++;
      this.metrics.inFlight.set(this.sending);
      void this.deliver(item.row, item.claimToken);
    }
    if (q.sending === 0 && q.waiting.length === 0) this.queues.delete(endpointId);
    if (this.expired.length > 0) this.wake();
  }

  private secretFor(endpointId: string, enc: Buffer): string {
    const key = `${endpointId}:${enc.subarray(1, 13).toString('base64')}`; // iv identifies the blob
    const hit = this.secretCache.get(key);
    if (hit && hit.enc.equals(enc)) return hit.secret;
    const secret = this.o.secrets.decrypt(enc, endpointId);
    if (this.secretCache.size > 10_000) this.secretCache.clear();
    this.secretCache.set(key, { enc: Buffer.from(enc), secret });
    return secret;
  }

  private async deliver(row: ClaimedDelivery, claimToken: string): Promise<void> {
    const attemptedAt = new Date();
    // Each attempt is a span of the trace that produced the event (stored with the delivery at fan-out).
    const ctx = startCall({ traceparent: row.traceparent, requestId: row.requestId });
    const completion = await runInContext(ctx, async (): Promise<Completion> => {
      let c: Completion;
      try {
        c = await this.attempt(row, claimToken, attemptedAt);
      } catch (err) {
        // Should not happen (send never throws); keep the delivery on its schedule rather than lose it.
        this.o.logger.error({ err, delivery_id: row.id }, 'dispatcher: unexpected delivery failure');
        const step = nextStep('retryable', row.cycleAttempts + 1, this.o.schedule);
        c = { id: row.id, claimToken, state: step.state, retryInMs: step.retryInMs, attempted: true, attemptedAt, httpStatus: null, error: 'internal dispatcher error', durationMs: 0 };
      }
      // The line's fields are only built when the access log is on (every delivery passes here).
      if (this.accessLog.isLevelEnabled('info')) {
        this.accessLog.info(
          {
            delivery_id: row.id,
            event_id: row.eventId,
            event_type: row.eventType,
            endpoint_id: row.endpointId,
            attempt: row.attemptCount + (c.attempted ? 1 : 0),
            http_status: c.httpStatus,
            outcome: c.state,
            duration_ms: c.durationMs,
          },
          'delivery attempt',
        );
      }
      // The attempt's span, when an exporter is registered (@studio/telemetry) and the trace is sampled.
      const sink = spanSinkFor(ctx);
      if (sink) {
        const endTime = Date.now();
        sink({
          ids: ctx,
          name: 'webhook delivery',
          kind: 'client',
          durationMs: endTime - attemptedAt.getTime(),
          endTime,
          attributes: {
            'http.request.method': 'POST',
            'http.response.status_code': c.httpStatus ?? undefined,
            'webhook.delivery_id': row.id,
            'webhook.event_id': row.eventId,
            'webhook.event_type': row.eventType,
            'webhook.endpoint_id': row.endpointId,
            'webhook.attempt': row.attemptCount + (c.attempted ? 1 : 0),
            'webhook.outcome': c.state,
          },
          error: c.state === 'succeeded' ? undefined : c.state,
        });
      }
      return c;
    });
    this.count(completion);
    // The endpoint's slot frees as soon as its answer is in; the claim stays held until the outcome is written.
    this.sending--;
    this.metrics.inFlight.set(this.sending);
    const q = this.queues.get(row.endpointId);
    if (q) {
      q.sending--;
      this.pump(row.endpointId);
    }
    await new Promise<void>((done) => {
      this.pending.push({ completion, done });
      this.flushing ??= this.flush();
    });
    this.held--;
    for (const w of this.idleWaiters) w();
    this.idleWaiters.clear();
    this.wake();
  }

  private async attempt(row: ClaimedDelivery, claimToken: string, attemptedAt: Date): Promise<Completion> {
    const base = { id: row.id, claimToken, attemptedAt };
    if (!row.endpointActive) {
      return { ...base, state: 'dead_letter', retryInMs: null, attempted: false, httpStatus: null, error: 'endpoint deactivated before delivery', durationMs: 0 };
    }
    let secret: string;
    let previous: string | null = null;
    try {
      secret = this.secretFor(row.endpointId, row.secretEnc);
      if (row.previousSecretEnc) previous = this.secretFor(row.endpointId, row.previousSecretEnc);
    } catch (err) {
      this.o.logger.error({ endpoint_id: row.endpointId, err: (err as Error).message }, 'dispatcher: signing secret does not decrypt (WEBHOOK_SECRET_KEY changed?)');
      const step = nextStep('retryable', row.cycleAttempts + 1, this.o.schedule);
      return { ...base, state: step.state, retryInMs: step.retryInMs, attempted: true, httpStatus: null, error: 'signing secret unavailable; nothing was sent', durationMs: 0 };
    }
    let url = this.urlCache.get(row.url);
    try {
      if (!url) {
        url = new URL(row.url);
        if (this.urlCache.size > 10_000) this.urlCache.clear();
        this.urlCache.set(row.url, url);
      }
    } catch {
      return { ...base, state: 'dead_letter', retryInMs: null, attempted: true, httpStatus: null, error: 'endpoint url is invalid', durationMs: 0 };
    }
    const headers = {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signatureHeader({ rawBody: row.payload, secret, previousSecret: previous }),
      [EVENT_ID_HEADER]: row.eventId,
      [EVENT_TYPE_HEADER]: row.eventType,
    };
    const result = await this.o.sender.send(url, headers, row.payload);
    this.metrics.duration.observe(result.durationMs / 1000);
    const step = nextStep(classifyStatus(result.status), row.cycleAttempts + 1, this.o.schedule);
    return {
      ...base,
      state: step.state,
      retryInMs: step.retryInMs,
      attempted: true,
      httpStatus: result.status,
      error: step.state === 'succeeded' ? null : pgText(result.detail),
      durationMs: result.durationMs,
    };
  }

  private count(c: Completion): void {
    if (c.attempted) this.counters.attempts++;
    const result = c.state === 'succeeded' ? 'succeeded' : c.state === 'failed_retrying' ? 'retry' : 'dead_letter';
    if (result === 'succeeded') this.counters.succeeded++;
    else if (result === 'retry') this.counters.retried++;
    else this.counters.deadLettered++;
    this.metrics.attempts.inc({ result });
  }

  /** Writes queued outcomes in batches; on database trouble keeps them and retries with backoff. */
  private async flush(): Promise<void> {
    let failures = 0;
    while (this.pending.length > 0) {
      const batch = this.pending.splice(0, 500);
      try {
        await this.o.store.complete(batch.map((b) => b.completion));
        failures = 0;
        for (const b of batch) b.done();
      } catch (err) {
        failures++;
        this.pending.unshift(...batch);
        this.o.logger.warn({ err: (err as Error).message, pending: this.pending.length }, 'dispatcher: writing outcomes failed; retrying');
        if (this.stopping && failures > 5) {
          // Shutting down without a database: the leases expire and the deliveries are sent again.
          for (const b of this.pending.splice(0)) b.done();
          break;
        }
        await sleep(Math.min(5000, 100 * 2 ** Math.min(failures, 6)));
      }
    }
    this.flushing = null;
  }
}
