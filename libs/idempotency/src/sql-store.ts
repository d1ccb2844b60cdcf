/**
 * The idempotency_keys table's SQL, the same in every service with keyed routes (as libs/amqp's outbox-store.ts):
 * each service's store/ instantiates it over its own database. The table (each service's Prisma schema,
 * `@@map("idempotency_keys")`): token_id text, key_hash text, fingerprint text, status int, content_type text,
 * body bytea, created_at timestamptz(3), PRIMARY KEY (token_id, key_hash), an index on created_at.
 *
 * A row older than RECORD_TTL_HOURS counts as absent: the lookup skips it, a new claim takes its place, and the
 * sweeper deletes it. A body may be sealed (`Sealer`, the scope as AAD) when an answer can carry a secret; a sealed
 * body that does not open reads as 'unreadable' (the request is refused, never run again).
 */
import type { IdempotencyStore, KeyRecord, KeyScope, StoredAnswer } from './keyed.js';
import type { SqlRunner } from './sql-runner.js';

/** How long a key is kept, hours (the public contract's 24 h). */
export const RECORD_TTL_HOURS = 24;

/** Seals answer bodies at rest (e.g. @studio/sealed-box's SealedBox); `open` answers null when it does not open. */
export interface Sealer {
  seal(body: Buffer, aad: string): Buffer;
  open(sealed: Uint8Array, aad: string): Buffer | null;
}

interface Row {
  fingerprint: string;
  status: number | null;
  content_type: string | null;
  body: Uint8Array | null;
}

const aadOf = (scope: KeyScope): string => `idempotency:${scope.tokenId}:${scope.keyHash}`;

export class SqlIdempotencyStore implements IdempotencyStore {
  constructor(
    private readonly db: { readonly client: SqlRunner },
    private readonly sealer?: Sealer,
  ) {}

  async find(scope: KeyScope): Promise<KeyRecord | null> {
    const [row] = await this.db.client.$queryRaw<Row[]>`
      SELECT fingerprint, status, content_type, body FROM idempotency_keys
      WHERE token_id = ${scope.tokenId} AND key_hash = ${scope.keyHash}
        AND created_at > now() - make_interval(hours => ${RECORD_TTL_HOURS})`;
    if (!row) return null;
    if (row.status === null || row.body === null) return { fingerprint: row.fingerprint, answer: null };
    const body = this.sealer ? this.sealer.open(row.body, aadOf(scope)) : Buffer.from(row.body);
    if (!body) return { fingerprint: row.fingerprint, answer: 'unreadable' };
    return { fingerprint: row.fingerprint, answer: { status: row.status, contentType: row.content_type ?? '', body } };
  }

  claim(tx: SqlRunner, scope: KeyScope, fingerprint: string): Promise<boolean> {
    return this.insert(tx, scope, fingerprint, null);
  }

  async answer(scope: KeyScope, fingerprint: string, answer: StoredAnswer): Promise<void> {
    await this.db.client.$executeRaw`
      UPDATE idempotency_keys SET status = ${answer.status}, content_type = ${answer.contentType}, body = ${this.sealed(scope, answer.body)}
      WHERE token_id = ${scope.tokenId} AND key_hash = ${scope.keyHash} AND fingerprint = ${fingerprint} AND status IS NULL`;
  }

  record(scope: KeyScope, fingerprint: string, answer: StoredAnswer): Promise<boolean> {
    return this.insert(this.db.client, scope, fingerprint, answer);
  }

  async release(scope: KeyScope, fingerprint: string): Promise<void> {
    await this.db.client.$executeRaw`
      DELETE FROM idempotency_keys
      WHERE token_id = ${scope.tokenId} AND key_hash = ${scope.keyHash} AND fingerprint = ${fingerprint} AND status IS NULL`;
  }

  /** Deletes up to `limit` rows older than the TTL (oldest first, by the created_at index); answers how many. */
  async sweep(limit: number): Promise<number> {
    return await this.db.client.$executeRaw`
      DELETE FROM idempotency_keys WHERE ctid IN (
        SELECT ctid FROM idempotency_keys
        WHERE created_at <= now() - make_interval(hours => ${RECORD_TTL_HOURS})
        ORDER BY created_at LIMIT ${limit})`;
  }

  /** A new row, or the place of an expired one; false when a live row holds the scope. */
  private async insert(on: SqlRunner, scope: KeyScope, fingerprint: string, answer: StoredAnswer | null): Promise<boolean> {
    const body = answer ? this.sealed(scope, answer.body) : null;
    const inserted = await on.$executeRaw`
      INSERT INTO idempotency_keys (token_id, key_hash, fingerprint, status, content_type, body)
      VALUES (${scope.tokenId}, ${scope.keyHash}, ${fingerprint}, ${answer?.status ?? null}::int, ${answer?.contentType ?? null}, ${body}::bytea)
      ON CONFLICT (token_id, key_hash) DO UPDATE
        SET fingerprint = EXCLUDED.fingerprint, status = EXCLUDED.status, content_type = EXCLUDED.content_type,
            body = EXCLUDED.body, created_at = now()
        WHERE idempotency_keys.created_at <= now() - make_interval(hours => ${RECORD_TTL_HOURS})`;
    return inserted === 1;
  }

  private sealed(scope: KeyScope, body: Buffer): Buffer {
    return this.sealer ? this.sealer.seal(body, aadOf(scope)) : body;
  }
}
