/** @studio/idempotency: durable Idempotency-Key records in the database of the service that performs the write. */
export { bodyFingerprint, canonicalJson, requestFingerprint } from './fingerprint.js';
export {
  claimInTransaction,
  CONFLICT_MESSAGE,
  fingerprintPath,
  IDEMPOTENCY_KEY_HEADER,
  IdempotencyTwinError,
  IN_PROGRESS_MESSAGE,
  INVALID_KEY_MESSAGE,
  isKeptAnswer,
  judge,
  judgeAfterTwin,
  keyScope,
  parseIdempotencyKey,
  performKeyed,
  REPLAYED_HEADER,
  UNANSWERED_MESSAGE,
  type IdempotencyKeyResult,
  type IdempotencyStore,
  type KeyedOutcome,
  type KeyedRequest,
  type KeyRecord,
  type KeyScope,
  type Refusal,
  type StoredAnswer,
  type Verdict,
} from './keyed.js';
export type { SqlRunner } from './sql-runner.js';
export { RECORD_TTL_HOURS, SqlIdempotencyStore, type Sealer } from './sql-store.js';
export { startIdempotencySweeper, sweepExpiredKeys, SWEEP_BATCH, SWEEP_INTERVAL_MS, type SweeperOptions } from './sweeper.js';
