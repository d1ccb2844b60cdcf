/**
 * Deliveries and attempts. The API's reads go through Prisma; the three hot paths are set-based SQL:
 *  - fan-out: one INSERT ... SELECT per batch of events, idempotent on (event_id, endpoint_id);
 *  - claim: UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED) that moves next_attempt_at to the end of a
 *    lease and stamps a claim token, so replicas never claim the same row and a dead dispatcher's rows come back;
 *  - completion: one statement per batch that applies each outcome (only while the claim token still matches)
 *    and records every attempt.
 */
import { randomUUID } from 'node:crypto';
import type { TimeKey } from '@studio/cursor';
import { pgCode, type Database } from './db.js';
import type { DeliveryState } from './generated/client.js';

/** NOTIFY channel that wakes the dispatchers when deliveries become due now. */
export const DELIVERY_CHANNEL = 'webhook_deliveries';

export interface DeliveryRecord {
  id: string;
  eventId: string;
  eventType: string;
  workspaceId: string;
  endpointId: string;
  state: DeliveryState;
  attemptCount: number;
  cycleAttempts: number;
  nextAttemptAt: Date;
  lastAttemptAt: Date | null;
  lastStatus: number | null;
  lastError: string | null;
  completedAt: Date | null;
  /** A test delivery (example data, sent with X-Service-Test: true), not a domain event. */
  test: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface AttemptRecord {
  id: string;
  attemptedAt: Date;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

export interface DeliveryDetail extends DeliveryRecord {
  payload: string;
  attempts: AttemptRecord[];
}

export interface FanoutEvent {
  id: string;
  type: string;
  workspaceId: string;
  /** The envelope JSON exactly as it will be signed and sent. */
  payload: string;
  /** The trace context the event arrived in (its attempts' log lines continue it). */
  traceparent?: string | null;
  requestId?: string | null;
}

/** A test delivery to one endpoint: a fresh event of example data, never fanned out. */
export interface NewTestDelivery {
  eventId: string;
  eventType: string;
  workspaceId: string;
  endpointId: string;
  /** The envelope JSON exactly as it will be signed and sent. */
  payload: string;
  /** The trace context of the request that asked for it. */
  traceparent: string | null;
  requestId: string | null;
}

export interface ClaimedDelivery {
  id: string;
  eventId: string;
  eventType: string;
  workspaceId: string;
  endpointId: string;
  payload: string;
  attemptCount: number;
  cycleAttempts: number;
  url: string;
  endpointActive: boolean;
  secretEnc: Buffer;
  /** Only while the rotation overlap lasts (checked by the database clock at claim time). */
  previousSecretEnc: Buffer | null;
  traceparent: string | null;
  requestId: string | null;
  /** A test delivery: sent with X-Service-Test: true. */
  test: boolean;
}

export interface Completion {
  id: string;
  claimToken: string;
  state: 'succeeded' | 'failed_retrying' | 'dead_letter';
  /** For failed_retrying: wait from now (database clock) until the next attempt. */
  retryInMs: number | null;
  /** False when nothing was sent (e.g. the endpoint was deactivated meanwhile): no attempt is recorded. */
  attempted: boolean;
  attemptedAt: Date;
  httpStatus: number | null;
  error: string | null;
  durationMs: number;
}

const OPEN_STATES = `('pending', 'failed_retrying')`;

export class DeliveryStore {
  constructor(private readonly db: Database) {}

  // ------------------------------------------------------------------------------------------- API reads

  /** Up to `take` deliveries of an endpoint (which the caller has already resolved in its workspace). */
  async list(workspaceId: string, endpointId: string, take: number, after?: TimeKey, state?: DeliveryState): Promise<DeliveryRecord[]> {
    return this.db.client.delivery.findMany({
      where: {
        workspaceId,
        endpointId,
        ...(state ? { state } : {}),
        ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
      omit: { payload: true, claimToken: true },
    });
  }

  async find(workspaceIds: readonly string[], id: string): Promise<DeliveryDetail | null> {
    if (workspaceIds.length === 0) return null;
    const row = await this.db.client.delivery.findFirst({
      where: { id, workspaceId: { in: [...workspaceIds] } },
      omit: { claimToken: true },
      include: { attempts: { orderBy: [{ attemptedAt: 'asc' }, { id: 'asc' }], omit: { deliveryId: true, workspaceId: true } } },
    });
    return row;
  }

  /**
   * Starts a new delivery cycle for the same event (same delivery row, so the same event id is sent):
   * pending, due now, the retry schedule from the start, any lease cleared. Null when not in the workspace.
   */
  async replay(workspaceId: string, id: string): Promise<DeliveryRecord | null> {
    const rows = await this.db.transaction(async (tx) => {
      const updated = await tx.delivery.updateManyAndReturn({
        where: { id, workspaceId },
        data: { state: 'pending', cycleAttempts: 0, nextAttemptAt: new Date(), claimToken: null, completedAt: null, updatedAt: new Date() },
        omit: { payload: true, claimToken: true },
      });
      if (updated.length === 1) await tx.$executeRawUnsafe(`NOTIFY ${DELIVERY_CHANNEL}`); // delivered at commit
      return updated;
    });
    return rows[0] ?? null;
  }

  /**
   * Creates one test delivery (pending, due now) for one endpoint and wakes the dispatchers at commit. It goes
   * through the same claim, signing, retries and history as every delivery; it is never an event on the exchange.
   */
  async createTest(input: NewTestDelivery): Promise<DeliveryRecord> {
    return this.db.transaction(async (tx) => {
      const created = await tx.delivery.create({
        data: {
          id: randomUUID(),
          eventId: input.eventId,
          eventType: input.eventType,
          workspaceId: input.workspaceId,
          endpointId: input.endpointId,
          payload: input.payload,
          traceparent: input.traceparent,
          requestId: input.requestId,
          test: true,
        },
        omit: { payload: true, claimToken: true },
      });
      await tx.$executeRawUnsafe(`NOTIFY ${DELIVERY_CHANNEL}`); // delivered at commit
      return created;
    });
  }

  // ------------------------------------------------------------------------------------------- fan-out

  /** Creates the deliveries of a batch of events for every active subscribed endpoint; returns how many. */
  async fanOut(events: readonly FanoutEvent[]): Promise<number> {
    if (events.length === 0) return 0;
    // The batch travels as one JSON parameter (serialised natively; a text[] of JSON payloads would be escaped
    // character by character by the driver).
    const res = await this.db.pool.query<{ n: number }>(
      `WITH ev AS (
         SELECT * FROM json_to_recordset($1::json) AS ev(id uuid, type text, "workspaceId" uuid, payload text, traceparent text, "requestId" text)
       ), ins AS (
         INSERT INTO deliveries (id, event_id, event_type, workspace_id, endpoint_id, payload, traceparent, request_id, state, next_attempt_at, created_at, updated_at)
         SELECT gen_random_uuid(), ev.id, ev.type, ev."workspaceId", e.id, ev.payload, ev.traceparent, ev."requestId", 'pending', now(), now(), now()
           FROM ev
           JOIN endpoints e ON e.workspace_id = ev."workspaceId" AND e.active AND ev.type = ANY (e.event_types)
         ON CONFLICT (event_id, endpoint_id) DO NOTHING
         RETURNING 1
       ), c AS (SELECT count(*)::int AS n FROM ins)
       -- Wake the dispatchers in the same statement (delivered at commit), only when something was created.
       SELECT n, CASE WHEN n > 0 THEN pg_notify('${DELIVERY_CHANNEL}', '')::text END AS notified FROM c`,
      [
        JSON.stringify(
          events.map((e) => ({
            id: e.id,
            type: e.type,
            workspaceId: e.workspaceId,
            payload: e.payload,
            traceparent: e.traceparent ?? null,
            requestId: e.requestId ?? null,
          })),
        ),
      ],
    );
    return res.rows[0]?.n ?? 0;
  }

  async notify(): Promise<void> {
    await this.db.pool.query(`NOTIFY ${DELIVERY_CHANNEL}`);
  }

  // ------------------------------------------------------------------------------------------- dispatch

  /**
   * Claims up to `limit` due deliveries for `leaseMs`, skipping rows other dispatchers hold and the endpoints in
   * `skipEndpoints` (saturated in this process).
   */
  async claimDue(limit: number, leaseMs: number, claimToken: string, skipEndpoints: readonly string[] = []): Promise<ClaimedDelivery[]> {
    const res = await this.db.pool.query<{
      id: string;
      event_id: string;
      event_type: string;
      workspace_id: string;
      endpoint_id: string;
      payload: string;
      attempt_count: number;
      cycle_attempts: number;
      url: string;
      active: boolean;
      secret_enc: Buffer;
      previous_secret_enc: Buffer | null;
      traceparent: string | null;
      request_id: string | null;
      test: boolean;
    }>(
      `WITH due AS (
         SELECT id FROM deliveries
          WHERE state IN ${OPEN_STATES} AND next_attempt_at <= now()
            AND NOT (endpoint_id = ANY ($4::uuid[]))
          ORDER BY next_attempt_at
          LIMIT $1
          FOR UPDATE SKIP LOCKED
       )
       UPDATE deliveries d
          SET next_attempt_at = now() + make_interval(secs => $2::double precision / 1000), claim_token = $3
         FROM due, endpoints e
        WHERE d.id = due.id AND e.id = d.endpoint_id
       RETURNING d.id, d.event_id, d.event_type, d.workspace_id, d.endpoint_id, d.payload, d.attempt_count, d.cycle_attempts, d.traceparent, d.request_id, d.test,
                 e.url, e.active, e.secret_enc,
                 CASE WHEN e.previous_secret_expires_at > now() THEN e.previous_secret_enc END AS previous_secret_enc`,
      [limit, leaseMs, claimToken, skipEndpoints],
    );
    return res.rows.map((r) => ({
      id: r.id,
      eventId: r.event_id,
      eventType: r.event_type,
      workspaceId: r.workspace_id,
      endpointId: r.endpoint_id,
      payload: r.payload,
      attemptCount: r.attempt_count,
      cycleAttempts: r.cycle_attempts,
      url: r.url,
      endpointActive: r.active,
      secretEnc: r.secret_enc,
      previousSecretEnc: r.previous_secret_enc,
      traceparent: r.traceparent,
      requestId: r.request_id,
      test: r.test,
    }));
  }

  /** Hands claimed rows back (due now) without an attempt, e.g. when this process has no capacity for them. */
  async release(ids: readonly string[], claimToken: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db.pool.query(
      `UPDATE deliveries SET next_attempt_at = now(), claim_token = NULL WHERE id = ANY ($1::uuid[]) AND claim_token = $2`,
      [ids, claimToken],
    );
    await this.notify();
  }

  /**
   * Applies a batch of outcomes in one statement. An outcome only changes its delivery while the claim token
   * still matches (a replay or an expired lease wins), but every real attempt is recorded. Deliveries deleted
   * in the meantime are skipped.
   */
  async complete(items: readonly Completion[]): Promise<void> {
    if (items.length === 0) return;
    try {
      await this.completeBatch(items);
    } catch (err) {
      // A delivery deleted between the snapshot and the attempt insert (endpoint hard-deleted concurrently)
      // fails the foreign key for the whole batch: apply the items one by one and drop the orphans.
      if (pgCode(err) !== '23503' || items.length === 1) {
        if (pgCode(err) === '23503') return;
        throw err;
      }
      for (const item of items) {
        try {
          await this.completeBatch([item]);
        } catch (e) {
          if (pgCode(e) !== '23503') throw e;
        }
      }
    }
  }

  private async completeBatch(items: readonly Completion[]): Promise<void> {
    await this.db.pool.query(
      `WITH r AS (
         SELECT * FROM json_to_recordset($1::json)
           AS r(id uuid, claim_token uuid, state text, retry_ms int, attempted boolean, attempted_at timestamptz, http_status int, error text, duration_ms int, attempt_id uuid)
       ), upd AS (
         UPDATE deliveries d
            SET state = r.state::delivery_state,
                attempt_count = d.attempt_count + CASE WHEN r.attempted THEN 1 ELSE 0 END,
                cycle_attempts = d.cycle_attempts + CASE WHEN r.attempted THEN 1 ELSE 0 END,
                next_attempt_at = CASE WHEN r.retry_ms IS NULL THEN now() ELSE now() + make_interval(secs => r.retry_ms::double precision / 1000) END,
                claim_token = NULL,
                last_attempt_at = CASE WHEN r.attempted THEN r.attempted_at ELSE d.last_attempt_at END,
                last_status = CASE WHEN r.attempted THEN r.http_status ELSE d.last_status END,
                last_error = CASE WHEN r.state = 'succeeded' THEN NULL ELSE r.error END,
                completed_at = CASE WHEN r.state IN ('succeeded', 'dead_letter') THEN now() END,
                updated_at = now()
           FROM r
          WHERE d.id = r.id AND d.claim_token = r.claim_token
          RETURNING d.id
       )
       INSERT INTO delivery_attempts (id, delivery_id, workspace_id, attempted_at, http_status, error, duration_ms)
       SELECT r.attempt_id, r.id, d.workspace_id, r.attempted_at, r.http_status, r.error, r.duration_ms
         FROM r JOIN deliveries d ON d.id = r.id
        WHERE r.attempted`,
      [
        JSON.stringify(
          items.map((i) => ({
            id: i.id,
            claim_token: i.claimToken,
            state: i.state,
            retry_ms: i.retryInMs,
            attempted: i.attempted,
            attempted_at: i.attemptedAt.toISOString(),
            http_status: i.httpStatus,
            error: i.error,
            duration_ms: i.durationMs,
            attempt_id: randomUUID(),
          })),
        ),
      ],
    );
  }

  /** Milliseconds until the earliest open delivery is due (<= 0: due now); null when nothing is open. */
  async nextDueInMs(): Promise<number | null> {
    const res = await this.db.pool.query<{ ms: number | null }>(
      `SELECT (EXTRACT(EPOCH FROM (min(next_attempt_at) - now())) * 1000)::float8 AS ms FROM deliveries WHERE state IN ${OPEN_STATES}`,
    );
    return res.rows[0]?.ms ?? null;
  }
}
