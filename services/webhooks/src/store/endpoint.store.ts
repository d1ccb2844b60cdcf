/**
 * Endpoints (legacy endpoints and REST-hook subscriptions). Every read by id is filtered by the caller's
 * workspaces; statements that must be atomic (secret rotation, subscription upsert, deactivation) are single
 * SQL statements or one transaction.
 */
import type { ENDPOINT_KINDS } from '@studio/contracts/records';
import type { TimeKey } from '@studio/cursor';
import type { Database } from './db.js';
import type { Endpoint } from './generated/client.js';

export type EndpointKind = (typeof ENDPOINT_KINDS)[number];

export interface EndpointRecord {
  id: string;
  workspaceId: string;
  kind: EndpointKind;
  url: string;
  eventTypes: string[];
  subscriptionEvent: string | null;
  active: boolean;
  createdBy: string | null;
  secretEnc: Uint8Array;
  previousSecretEnc: Uint8Array | null;
  previousSecretExpiresAt: Date | null;
  secretRotatedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

const fromPrisma = (e: Endpoint): EndpointRecord => ({ ...e, kind: e.kind as EndpointKind });

interface EndpointSqlRow {
  id: string;
  workspace_id: string;
  kind: EndpointKind;
  url: string;
  event_types: string[] | null;
  subscription_event: string | null;
  active: boolean;
  created_by: string | null;
  secret_enc: Buffer;
  previous_secret_enc: Buffer | null;
  previous_secret_expires_at: Date | null;
  secret_rotated_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const fromSql = (r: EndpointSqlRow): EndpointRecord => ({
  id: r.id,
  workspaceId: r.workspace_id,
  kind: r.kind,
  url: r.url,
  eventTypes: r.event_types ?? [],
  subscriptionEvent: r.subscription_event,
  active: r.active,
  createdBy: r.created_by,
  secretEnc: r.secret_enc,
  previousSecretEnc: r.previous_secret_enc,
  previousSecretExpiresAt: r.previous_secret_expires_at,
  secretRotatedAt: r.secret_rotated_at,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface NewLegacyEndpoint {
  id: string;
  workspaceId: string;
  url: string;
  eventTypes: string[];
  createdBy: string | null;
  secretEnc: Buffer;
}

export interface NewSubscription {
  id: string;
  workspaceId: string;
  url: string;
  event: string;
  createdBy: string | null;
  secretEnc: Buffer;
}

export class EndpointStore {
  constructor(private readonly db: Database) {}

  async createLegacy(input: NewLegacyEndpoint): Promise<EndpointRecord> {
    // In a transaction, one statement as it is: a keyed request's claim row commits with the endpoint (decision 0022).
    const row = await this.db.transaction((tx) =>
      tx.endpoint.create({
        data: {
          id: input.id,
          workspaceId: input.workspaceId,
          kind: 'legacy',
          url: input.url,
          eventTypes: input.eventTypes,
          createdBy: input.createdBy,
          secretEnc: new Uint8Array(input.secretEnc),
        },
      }),
    );
    return fromPrisma(row);
  }

  /** Active endpoints of a workspace (all kinds), for the per-workspace cap. */
  countActive(workspaceId: string): Promise<number> {
    return this.db.client.endpoint.count({ where: { workspaceId, active: true } });
  }

  /** Up to `take` endpoints of one workspace, newest first, after the keyset position `after`. */
  async list(workspaceId: string, kinds: EndpointKind[], take: number, after?: TimeKey): Promise<EndpointRecord[]> {
    const rows = await this.db.client.endpoint.findMany({
      where: {
        workspaceId,
        kind: { in: kinds },
        ...(after ? { OR: [{ createdAt: { lt: after.createdAt } }, { createdAt: after.createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      take,
    });
    return rows.map(fromPrisma);
  }

  /** The endpoint with this id if it belongs to one of `workspaceIds`. */
  async find(workspaceIds: readonly string[], id: string): Promise<EndpointRecord | null> {
    if (workspaceIds.length === 0) return null;
    const row = await this.db.client.endpoint.findFirst({ where: { id, workspaceId: { in: [...workspaceIds] } } });
    return row ? fromPrisma(row) : null;
  }

  /** Hard delete; deliveries and attempts go with it (ON DELETE CASCADE). */
  async delete(workspaceId: string, id: string): Promise<boolean> {
    const res = await this.db.client.endpoint.deleteMany({ where: { id, workspaceId } });
    return res.count === 1;
  }

  /**
   * Makes `newSecretEnc` the current secret and keeps the current one as the previous secret until
   * now + overlapMs, in one statement (two concurrent rotations cannot lose a secret halfway).
   */
  async rotateSecret(workspaceId: string, id: string, newSecretEnc: Buffer, overlapMs: number): Promise<EndpointRecord | null> {
    const rows = await this.inTransaction<EndpointSqlRow>(
      `UPDATE endpoints
          SET previous_secret_enc = secret_enc,
              secret_enc = $3,
              previous_secret_expires_at = now() + make_interval(secs => $4::double precision / 1000),
              secret_rotated_at = now(),
              updated_at = now()
        WHERE id = $1 AND workspace_id = $2
        RETURNING *`,
      [id, workspaceId, newSecretEnc, overlapMs],
    );
    return rows[0] ? fromSql(rows[0]) : null;
  }

  /**
   * Registers a subscription, or reactivates the existing one for (workspace, url, event): one atomic
   * INSERT ... ON CONFLICT. The new row's secret is only used when the row is created.
   */
  async upsertSubscription(input: NewSubscription): Promise<{ record: EndpointRecord; created: boolean }> {
    const rows = await this.inTransaction<EndpointSqlRow & { inserted: boolean }>(
      `INSERT INTO endpoints (id, workspace_id, kind, url, event_types, subscription_event, active, created_by, secret_enc, created_at, updated_at)
       VALUES ($1, $2, 'subscription', $3, ARRAY[$4::text], $4, true, $5, $6, now(), now())
       ON CONFLICT (workspace_id, url, subscription_event)
       DO UPDATE SET active = true, updated_at = CASE WHEN endpoints.active THEN endpoints.updated_at ELSE now() END
       RETURNING *, (xmax = 0) AS inserted`,
      [input.id, input.workspaceId, input.url, input.event, input.createdBy, input.secretEnc],
    );
    const row = rows[0]!;
    return { record: fromSql(row), created: row.inserted };
  }

  /**
   * The rows of one parameterised statement run in db.transaction (so that a keyed request's claim row commits with
   * it, decision 0022), typed as pg's driver types them: Prisma answers bytea as Uint8Array, made a Buffer here.
   */
  private async inTransaction<Row extends EndpointSqlRow>(text: string, values: unknown[]): Promise<Row[]> {
    const rows = await this.db.transaction((tx) => tx.$queryRawUnsafe<Row[]>(text, ...values));
    return rows.map((r) => ({
      ...r,
      secret_enc: Buffer.from(r.secret_enc),
      previous_secret_enc: r.previous_secret_enc ? Buffer.from(r.previous_secret_enc) : null,
    }));
  }

  async findSubscription(workspaceId: string, url: string, event: string): Promise<EndpointRecord | null> {
    const row = await this.db.client.endpoint.findFirst({ where: { workspaceId, url, subscriptionEvent: event, kind: 'subscription' } });
    return row ? fromPrisma(row) : null;
  }

  /**
   * Deactivates an endpoint; returns false when it was already inactive. Its open deliveries become
   * dead_letter in the same transaction so a later reactivation does not replay a backlog.
   */
  async deactivate(workspaceId: string, id: string): Promise<boolean> {
    const client = await this.db.pool.connect();
    try {
      await client.query('BEGIN');
      const res = await client.query(
        `UPDATE endpoints SET active = false, updated_at = now() WHERE id = $1 AND workspace_id = $2 AND active RETURNING id`,
        [id, workspaceId],
      );
      if (res.rowCount === 1) {
        await client.query(
          `UPDATE deliveries
              SET state = 'dead_letter', claim_token = NULL, completed_at = now(), updated_at = now(),
                  last_error = COALESCE(last_error, 'endpoint deactivated before delivery')
            WHERE endpoint_id = $1 AND state IN ('pending', 'failed_retrying')`,
          [id],
        );
      }
      await client.query('COMMIT');
      return res.rowCount === 1;
    } catch (err) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  }
}
