/**
 * The gateway's Idempotency-Key records in the stack's Redis (gateway/src/services/idempotency.service.ts `redisKey`:
 * `${REDIS_KEY_PREFIX}idem:${tokenId}:${base64url(sha256(key))}`), for tests that make Redis lose them.
 */
import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import { inject } from 'vitest';

/** The gateway's REDIS_KEY_PREFIX in this stack (its config default when the stack sets none). */
export function gatewayKeyPrefix(): string {
  return inject('stackOptions').env?.gateway?.REDIS_KEY_PREFIX ?? 'gw:';
}

/** Where the gateway keeps the record of `key` used by the token `tokenId`. */
export function idempotencyRecordKey(tokenId: string, key: string, prefix = gatewayKeyPrefix()): string {
  return `${prefix}idem:${tokenId}:${createHash('sha256').update(key).digest('base64url')}`;
}

export interface IdempotencyRecords {
  /**
   * Deletes every record of the token (SCAN MATCH + DEL), as a Redis restart without persistence does, and returns the
   * keys it deleted. Other tokens' records and the other keys of the shared db are left alone (no FLUSHDB).
   */
  dropAll(tokenId: string): Promise<string[]>;
  close(): Promise<void>;
}

export function idempotencyRecords(url: string = inject('redisUrl'), prefix = gatewayKeyPrefix()): IdempotencyRecords {
  const redis = new Redis(url, { maxRetriesPerRequest: 2 });
  return {
    async dropAll(tokenId) {
      // A token id is a UUID: no glob character to escape.
      const match = `${prefix}idem:${tokenId}:*`;
      const dropped: string[] = [];
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', match, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) {
          await redis.del(...keys);
          dropped.push(...keys);
        }
      } while (cursor !== '0');
      return dropped;
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
