/**
 * Idempotency-Key records in Redis: the FAST PATH only. The truth is each service's own idempotency_keys table, written
 * in the transaction of the keyed request's change (@studio/idempotency, docs/decisions/0022-durable-idempotency.md):
 * on a Redis miss (a lost record, a flushed or restarted Redis) the request is forwarded with its key, the service
 * replays from its table and the capture mode below stores that answer here again. The discard of an unreadable
 * record (below) therefore no longer repeats an operation either.
 *
 * Records are scoped per API token as the public contract says: (token id, key). The same key
 * used by the same token on another method or path, or with another body, is a `mismatch` (the caller answers 422).
 *
 * A record is a hash: `state` (pending | done), `fp` (request fingerprint: method, path and body), `owner` (the request holding a pending
 * record), and once done `status`, `ctype`, `body` and `hdrs` (the REPLAYED_HEADERS of the answer, JSON). Every transition is one Lua script (atomic, one round trip):
 * - begin:    create a pending record when none exists (SET-NX semantics, lock TTL), else return the record;
 * - complete: owner only; store the answer, keep it for the record TTL (24 h), publish "done";
 * - release:  owner only; delete the record (after an answer that is not stored, see `isStoredAnswer`, or a failed
 *             upstream) and publish, so a retry runs.
 *
 * A request that finds a pending record with the same fingerprint waits: it is woken by the pub/sub message of
 * the owner's complete/release (and re-checks on a slow timer in case a message was missed), then replays the
 * stored answer, or takes the key over when the owner released it. Still pending after the wait: `busy`.
 *
 * Redis failures are reported as `unavailable`; the caller FAILS CLOSED (the request is not run).
 *
 * The stored body is sealed (AES-256-GCM, IDEMPOTENCY_ENCRYPTION_KEY, the record's key as AAD: answer-cipher.ts):
 * an answer may carry a secret (a webhook endpoint's signing_secret), and none may sit in Redis in plaintext.
 * A done record whose body does not open (the key was rotated, or the record altered) is treated as ABSENT: it is
 * discarded and the request runs again. That is the one way idempotency can be lost: a retry that straddles a key
 * change repeats the operation (e.g. a second webhook endpoint). It is bounded to retries of one request across
 * the rotation within the record TTL (24 h); replaying instead would need the old key, and refusing would lock the
 * key for 24 h with an answer nobody can read. Rotate when a duplicate is acceptable, or keep the old key until
 * the records under it have expired. A pending record has no body and is unaffected.
 */
import { createHash, randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Logger } from '@studio/logger';
import type { AnswerCipher } from './answer-cipher.js';
import { withDeadline } from './redis.client.js';

const BEGIN_LUA = `
if redis.call('EXISTS', KEYS[1]) == 0 then
  redis.call('HSET', KEYS[1], 'state', 'pending', 'fp', ARGV[1], 'owner', ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return {'acquired'}
end
return redis.call('HMGET', KEYS[1], 'state', 'fp', 'status', 'ctype', 'body', 'hdrs')
`;

const COMPLETE_LUA = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then
  return 0
end
redis.call('HSET', KEYS[1], 'state', 'done', 'status', ARGV[2], 'ctype', ARGV[3], 'body', ARGV[4], 'hdrs', ARGV[7])
redis.call('HDEL', KEYS[1], 'owner')
redis.call('PEXPIRE', KEYS[1], ARGV[5])
redis.call('PUBLISH', ARGV[6], KEYS[1])
return 1
`;

const RELEASE_LUA = `
if redis.call('HGET', KEYS[1], 'owner') ~= ARGV[1] then
  return 0
end
redis.call('DEL', KEYS[1])
redis.call('PUBLISH', ARGV[2], KEYS[1])
return 1
`;

/** Deletes a done record only if it still holds the body that did not open (nobody replaced it meanwhile). */
const DISCARD_LUA = `
if redis.call('HGET', KEYS[1], 'state') == 'done' and redis.call('HGET', KEYS[1], 'body') == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`;

/**
 * Whether an answer of a keyed request is stored for replays (Stripe's rule: only requests that started executing).
 * Stored: 2xx (and 3xx, which no route answers today): the operation ran, and a retry must get the same answer rather
 * than run it twice. Not stored (the key is released, so the corrected request with the same key runs):
 * - 400 invalid_input, 401, 403, 404: validation, authentication, role, existence: the request never ran;
 * - 409 conflict: the resource's state refused the operation (a paused upload session, a file already complete, the
 *   endpoint limit); nothing changed, and the same request may succeed once the state is different;
 * - 422 and 429 from a service: a refusal of the same kind (the gateway's own 422 and 429 never reach a lease);
 * - any other 4xx: in this API every 4xx is a refusal that changed nothing a re-run could repeat;
 * - 5xx: the outcome is unknown; the caller retries with the same key.
 * docs/decisions/0001-public-api-shapes.md says the same.
 */
export function isStoredAnswer(status: number): boolean {
  return status >= 200 && status < 400;
}

type BeginReply = Array<Buffer | null>;

interface IdempotencyCommands {
  gatewayIdemBeginBuffer(key: string, fingerprint: string, lockMs: number, owner: string): Promise<BeginReply>;
  gatewayIdemComplete(
    key: string,
    owner: string,
    status: number,
    contentType: string,
    body: Buffer,
    ttlMs: number,
    channel: string,
    headers: string,
  ): Promise<number>;
  gatewayIdemRelease(key: string, owner: string, channel: string): Promise<number>;
  gatewayIdemDiscard(key: string, body: Buffer): Promise<number>;
}

/** Where a key lives: one namespace per API token. */
export interface IdempotencyScope {
  tokenId: string;
  key: string;
}

/**
 * The answer headers a replay repeats besides the content type: what the operation said about itself (a deprecated
 * route's `Deprecation`, `Sunset` and `Link`). Per-request headers (request id, rate limit) are the replay's own.
 */
export const REPLAYED_HEADERS = ['deprecation', 'sunset', 'link'] as const;

export interface StoredAnswer {
  status: number;
  contentType: string;
  body: Buffer;
  /** The REPLAYED_HEADERS the answer carried (lower-case names). */
  headers: Record<string, string>;
}

/** The stored `hdrs` field: a record written before it existed, or one that does not parse, has none. */
export function parseStoredHeaders(raw: Buffer | null | undefined): Record<string, string> {
  if (!raw) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw.toString());
  } catch {
    return {};
  }
  const headers: Record<string, string> = {};
  if (!parsed || typeof parsed !== 'object') return headers;
  for (const name of REPLAYED_HEADERS) {
    const value = (parsed as Record<string, unknown>)[name];
    if (typeof value === 'string') headers[name] = value;
  }
  return headers;
}

/** Held by the request that runs the operation; exactly one of complete/release should follow. */
export interface IdempotencyLease {
  /** Stores the answer for replays; false when it could not be stored (the record is then released). */
  complete(answer: StoredAnswer): Promise<boolean>;
  /** Frees the key so a retry runs the operation again. Never throws. */
  release(): Promise<void>;
}

export type BeginOutcome =
  | { kind: 'acquired'; lease: IdempotencyLease }
  | { kind: 'replay'; answer: StoredAnswer }
  | { kind: 'mismatch' }
  | { kind: 'busy' }
  | { kind: 'unavailable' };

export interface IdempotencyOptions {
  redis: Redis;
  /** A connection for SUBSCRIBE only (a subscribed connection cannot run other commands). */
  subscriber: Redis;
  keyPrefix: string;
  ttlSeconds: number;
  lockMs: number;
  waitMs: number;
  /** Each Redis call must answer within this many ms. */
  deadlineMs: number;
  /** Seals stored answer bodies at rest (IDEMPOTENCY_ENCRYPTION_KEY). */
  cipher: AnswerCipher;
  logger: Logger;
  /** Fallback re-check interval while waiting, in case a pub/sub message is lost (e.g. a reconnect). */
  recheckMs?: number;
}

export class IdempotencyService {
  private readonly commands: IdempotencyCommands;
  private readonly channel: string;
  private readonly waiters = new Map<string, Set<() => void>>();
  private readonly recheckMs: number;

  constructor(private readonly opts: IdempotencyOptions) {
    opts.redis.defineCommand('gatewayIdemBegin', { numberOfKeys: 1, lua: BEGIN_LUA });
    opts.redis.defineCommand('gatewayIdemComplete', { numberOfKeys: 1, lua: COMPLETE_LUA });
    opts.redis.defineCommand('gatewayIdemRelease', { numberOfKeys: 1, lua: RELEASE_LUA });
    opts.redis.defineCommand('gatewayIdemDiscard', { numberOfKeys: 1, lua: DISCARD_LUA });
    this.commands = opts.redis as unknown as IdempotencyCommands;
    this.channel = `${opts.keyPrefix}idem:done`;
    this.recheckMs = opts.recheckMs ?? 250;
    opts.subscriber.on('message', (channel: string, key: string) => {
      if (channel === this.channel) this.wake(key);
    });
  }

  /** Subscribes to completion messages; resolves once subscribed (the subscriber queues until connected). */
  async listen(): Promise<void> {
    await this.opts.subscriber.subscribe(this.channel);
  }

  redisKey(scope: IdempotencyScope): string {
    const digest = createHash('sha256').update(scope.key).digest('base64url');
    return `${this.opts.keyPrefix}idem:${scope.tokenId}:${digest}`;
  }

  /**
   * Claims the key, or returns the stored answer, waiting for an in-progress twin when needed. `fingerprint` names the
   * request (requestFingerprint: method, path and body); a record with another one is a `mismatch`.
   */
  async begin(scope: IdempotencyScope, fingerprint: string): Promise<BeginOutcome> {
    const key = this.redisKey(scope);
    const owner = randomUUID();
    const deadline = Date.now() + this.opts.waitMs;
    let discarded = false;
    for (;;) {
      let reply: BeginReply;
      try {
        reply = await withDeadline(this.commands.gatewayIdemBeginBuffer(key, fingerprint, this.opts.lockMs, owner), this.opts.deadlineMs);
      } catch {
        return { kind: 'unavailable' };
      }
      const state = reply[0]?.toString();
      if (state === 'acquired') return { kind: 'acquired', lease: this.lease(key, owner) };
      // Anything but a well-formed record is a store problem: refuse rather than guess.
      if (state !== 'pending' && state !== 'done') return { kind: 'unavailable' };
      if (reply[1]?.toString() !== fingerprint) return { kind: 'mismatch' };
      if (state === 'done') {
        const status = Number(reply[2]?.toString());
        if (!Number.isInteger(status) || status < 100 || status > 599) return { kind: 'unavailable' };
        const sealed = reply[4] ?? Buffer.alloc(0);
        const body = this.opts.cipher.open(sealed, key);
        if (body) {
          return {
            kind: 'replay',
            answer: { status, contentType: reply[3]?.toString() ?? '', body, headers: parseStoredHeaders(reply[5]) },
          };
        }
        // Twice in one request: something keeps writing records this gateway cannot read; refuse rather than loop.
        if (discarded) return { kind: 'unavailable' };
        discarded = true;
        // Sealed under another key (rotated) or altered: treated as absent, so the request runs again (see above).
        this.opts.logger.warn('idempotency: a stored answer does not decrypt (key rotated?); running the request again');
        try {
          await withDeadline(this.commands.gatewayIdemDiscard(key, sealed), this.opts.deadlineMs);
        } catch {
          return { kind: 'unavailable' };
        }
        continue;
      }
      const left = deadline - Date.now();
      if (left <= 0) return { kind: 'busy' };
      await this.waitFor(key, Math.min(left, this.recheckMs));
    }
  }

  private lease(key: string, owner: string): IdempotencyLease {
    let settled = false;
    const release = async (): Promise<void> => {
      if (settled) return;
      settled = true;
      try {
        await withDeadline(this.commands.gatewayIdemRelease(key, owner, this.channel), this.opts.deadlineMs);
      } catch (err) {
        // The lock TTL frees the key eventually; twins waiting meanwhile answer 409.
        this.opts.logger.warn({ err: (err as Error).message }, 'idempotency: could not release a key');
      }
    };
    return {
      complete: async (answer) => {
        if (settled) return false;
        try {
          const stored = await withDeadline(
            this.commands.gatewayIdemComplete(
              key,
              owner,
              answer.status,
              answer.contentType,
              this.opts.cipher.seal(answer.body, key),
              this.opts.ttlSeconds * 1000,
              this.channel,
              JSON.stringify(answer.headers),
            ),
            this.opts.deadlineMs,
          );
          if (stored === 1) {
            settled = true;
            return true;
          }
          // Our lock expired and someone else holds the key now; leave their record alone.
          settled = true;
          return false;
        } catch (err) {
          this.opts.logger.warn({ err: (err as Error).message }, 'idempotency: could not store an answer');
          await release();
          return false;
        }
      },
      release,
    };
  }

  private waitFor(key: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      let set = this.waiters.get(key);
      if (!set) {
        set = new Set();
        this.waiters.set(key, set);
      }
      const waiters = set;
      const done = () => {
        clearTimeout(timer);
        waiters.delete(done);
        if (waiters.size === 0 && this.waiters.get(key) === waiters) this.waiters.delete(key);
        resolve();
      };
      const timer = setTimeout(done, ms);
      waiters.add(done);
    });
  }

  private wake(key: string): void {
    const set = this.waiters.get(key);
    if (!set) return;
    for (const done of [...set]) done();
  }
}
