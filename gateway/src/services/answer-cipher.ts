/**
 * Encryption at rest of the answers the gateway keeps for Idempotency-Key replays (issue 14: no plaintext secret at
 * rest outside its owner). A stored answer may carry a secret (a webhook endpoint's `signing_secret`, and any
 * route that is made idempotent later: a portal token, a client bearer), so EVERY stored body is sealed, with no
 * list of secret-carrying routes to keep up to date.
 *
 * A sealed box (@studio/sealed-box: AES-256-GCM, 29 bytes more per record) under IDEMPOTENCY_ENCRYPTION_KEY, with
 * the record's Redis key as additional authenticated data, so a sealed body moved to another record (another
 * token's key) does not open; one that does not open is null, and the service treats it as no answer. Cost,
 * measured on the shared 2-core development machine (noisy): 5 to 30 µs to seal or open a 1 KiB answer, 0.6 to
 * 2 ms for the largest (1 MiB); only Idempotency-Key writes pay it, next to an upstream call and two Redis round trips.
 */
import { SealedBox } from '@studio/sealed-box';

export class AnswerCipher extends SealedBox {
  constructor(key: Buffer) {
    super(key, 'idempotency encryption');
  }
}
