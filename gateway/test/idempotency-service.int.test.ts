/** IdempotencyService against real Redis: the Lua transitions and pub/sub wake-ups, without HTTP around them. */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Redis } from 'ioredis';
import { testConfig } from '@studio/testkit';
import { createLogger } from '@studio/logger';
import { AnswerCipher } from '../src/services/answer-cipher.js';
import { IdempotencyService, type BeginOutcome, type IdempotencyLease } from '../src/services/idempotency.service.js';
import { closeRedis, createRedisClient, waitForReady } from '../src/services/redis.client.js';
import { deleteKeys } from './support/harness.js';

const logger = createLogger({ service: 'test', level: 'silent' });
const prefix = `gwtest:${randomBytes(6).toString('hex')}:`;
const cipher = new AnswerCipher(randomBytes(32));
const answer = (status: number, body: string, headers: Record<string, string> = {}) => ({
  status,
  contentType: 'application/json',
  body: Buffer.from(body),
  headers,
});

describe('IdempotencyService', () => {
  let redis: Redis;
  let subscriber: Redis;
  let service: IdempotencyService;
  let n = 0;
  const scope = () => ({ tokenId: 't1', key: `k${++n}` });

  beforeAll(async () => {
    redis = createRedisClient({ url: testConfig.TEST_REDIS_URL, deadlineMs: 250, name: 'main', logger });
    subscriber = createRedisClient({ url: testConfig.TEST_REDIS_URL, name: 'sub', logger, subscriber: true });
    // A re-check interval far longer than any wait below: a twin can only be woken by the pub/sub message.
    service = new IdempotencyService({
      redis,
      subscriber,
      keyPrefix: prefix,
      ttlSeconds: 60,
      lockMs: 5000,
      waitMs: 3000,
      deadlineMs: 500,
      cipher,
      logger,
      recheckMs: 60_000,
    });
    await waitForReady(redis, 2000);
    await service.listen();
  });
  afterAll(async () => {
    await Promise.all([closeRedis(redis), closeRedis(subscriber)]);
    await deleteKeys(prefix);
  });

  const lease = (outcome: BeginOutcome): IdempotencyLease => {
    if (outcome.kind !== 'acquired') throw new Error(`expected acquired, got ${outcome.kind}`);
    return outcome.lease;
  };

  it('acquires a fresh key, stores the answer, replays it', async () => {
    const s = scope();
    const l = lease(await service.begin(s, 'fp'));
    expect(await l.complete(answer(201, '{"ok":true}'))).toBe(true);
    const again = await service.begin(s, 'fp');
    expect(again).toEqual({
      kind: 'replay',
      answer: { status: 201, contentType: 'application/json', body: Buffer.from('{"ok":true}'), headers: {} },
    });
  });

  it('stores the deprecation headers of the answer with it and replays them', async () => {
    const s = scope();
    const headers = { deprecation: '@1793491200', sunset: 'Sat, 01 May 2027 00:00:00 GMT', link: '</x>; rel="deprecation"' };
    expect(await lease(await service.begin(s, 'fp')).complete(answer(201, '{"ok":true}', headers))).toBe(true);
    const again = await service.begin(s, 'fp');
    expect(again.kind === 'replay' && again.answer.headers).toEqual(headers);
  });

  it('stores bodies byte-exact (not only valid UTF-8)', async () => {
    const s = scope();
    const body = Buffer.from([0x7b, 0xff, 0x00, 0xc3, 0x7d]);
    await lease(await service.begin(s, 'fp')).complete({ status: 200, contentType: 'application/octet-stream', body, headers: {} });
    const again = await service.begin(s, 'fp');
    expect(again.kind === 'replay' && again.answer.body.equals(body)).toBe(true);
  });

  it('reports a different fingerprint as a mismatch, pending or done', async () => {
    const s = scope();
    const l = lease(await service.begin(s, 'fp-a'));
    expect((await service.begin(s, 'fp-b')).kind).toBe('mismatch');
    await l.complete(answer(201, '{}'));
    expect((await service.begin(s, 'fp-b')).kind).toBe('mismatch');
  });

  it('scopes a key per token: another token has its own record, the same token shares one', async () => {
    const s = scope();
    await lease(await service.begin(s, 'fp-a')).complete(answer(201, '{"a":1}'));
    const other = await service.begin({ ...s, tokenId: 't2' }, 'fp-b');
    expect(other.kind).toBe('acquired');
    await lease(other).release();
    expect(service.redisKey(s)).not.toBe(service.redisKey({ ...s, tokenId: 't2' }));
    expect((await service.begin(s, 'fp-b')).kind).toBe('mismatch');
  });

  it('wakes a waiting twin through pub/sub as soon as the owner completes', async () => {
    const s = scope();
    const l = lease(await service.begin(s, 'fp'));
    const twin = service.begin(s, 'fp');
    await new Promise((r) => setTimeout(r, 100));
    const completedAt = Date.now();
    await l.complete(answer(201, '{"id":1}'));
    const outcome = await twin;
    expect(outcome.kind).toBe('replay');
    expect(Date.now() - completedAt).toBeLessThan(1000);
  });

  it('hands the key to a waiting twin when the owner releases it', async () => {
    const s = scope();
    const l = lease(await service.begin(s, 'fp'));
    const twin = service.begin(s, 'fp');
    await new Promise((r) => setTimeout(r, 50));
    await l.release();
    const outcome = await twin;
    expect(outcome.kind).toBe('acquired');
    // The old owner can no longer complete the new owner's record.
    expect(await l.complete(answer(201, '{}'))).toBe(false);
    await lease(outcome).release();
  });

  it('answers busy when the owner is still running after the wait', async () => {
    const short = new IdempotencyService({
      redis,
      subscriber,
      keyPrefix: prefix,
      ttlSeconds: 60,
      lockMs: 5000,
      waitMs: 200,
      deadlineMs: 500,
      cipher,
      logger,
    });
    const s = scope();
    const l = lease(await short.begin(s, 'fp'));
    const started = Date.now();
    expect((await short.begin(s, 'fp')).kind).toBe('busy');
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    await l.release();
  });

  it('lets the lock expire when an owner dies, so the key is not stuck forever', async () => {
    const quick = new IdempotencyService({
      redis,
      subscriber,
      keyPrefix: prefix,
      ttlSeconds: 60,
      lockMs: 1000,
      waitMs: 2000,
      deadlineMs: 500,
      cipher,
      logger,
      recheckMs: 100,
    });
    const s = scope();
    lease(await quick.begin(s, 'fp')); // never completed nor released
    const outcome = await quick.begin(s, 'fp');
    expect(outcome.kind).toBe('acquired');
  });

  it('stores the answer body sealed (AES-256-GCM) and replays the identical bytes', async () => {
    const s = scope();
    const body = '{"ok":true,"webhook_endpoint":{"signing_secret":"whsec_plaintext_must_not_be_stored"}}';
    expect(await lease(await service.begin(s, 'fp')).complete(answer(201, body))).toBe(true);
    const stored = await redis.hgetBuffer(service.redisKey(s), 'body');
    expect(stored).not.toBeNull();
    expect(stored!.includes('whsec_plaintext_must_not_be_stored')).toBe(false);
    expect(stored!.length).toBe(Buffer.byteLength(body) + 29);
    const outcome = await service.begin(s, 'fp');
    expect(outcome.kind).toBe('replay');
    if (outcome.kind === 'replay') expect(outcome.answer.body.toString()).toBe(body);
  });

  it('treats a record that does not decrypt (key rotated) as absent: the request runs again, then replays', async () => {
    const rotated = new IdempotencyService({
      redis,
      subscriber,
      keyPrefix: prefix,
      ttlSeconds: 60,
      lockMs: 5000,
      waitMs: 3000,
      deadlineMs: 500,
      cipher: new AnswerCipher(randomBytes(32)),
      logger,
    });
    const s = scope();
    await lease(await service.begin(s, 'fp')).complete(answer(201, '{"under":"old key"}'));
    const again = await rotated.begin(s, 'fp');
    expect(again.kind).toBe('acquired');
    await lease(again).complete(answer(201, '{"under":"new key"}'));
    const replay = await rotated.begin(s, 'fp');
    expect(replay.kind === 'replay' && replay.answer.body.toString()).toBe('{"under":"new key"}');
  });

  it('does not open a sealed body moved to another record (the record key is authenticated)', async () => {
    const a = scope();
    const b = scope();
    await lease(await service.begin(a, 'fp')).complete(answer(201, '{"record":"a"}'));
    await lease(await service.begin(b, 'fp')).complete(answer(201, '{"record":"b"}'));
    await redis.hset(service.redisKey(b), 'body', (await redis.hgetBuffer(service.redisKey(a), 'body'))!);
    expect((await service.begin(b, 'fp')).kind).toBe('acquired');
  });

  it('reports unavailable when Redis cannot be reached (fail closed)', async () => {
    const dead = createRedisClient({ url: 'redis://127.0.0.1:1/0', deadlineMs: 100, name: 'dead', logger });
    const deadSub = createRedisClient({ url: 'redis://127.0.0.1:1/0', name: 'dead-sub', logger, subscriber: true });
    try {
      const svc = new IdempotencyService({
        redis: dead,
        subscriber: deadSub,
        keyPrefix: prefix,
        ttlSeconds: 60,
        lockMs: 1000,
        waitMs: 100,
        deadlineMs: 100,
        cipher,
        logger,
      });
      expect((await svc.begin(scope(), 'fp')).kind).toBe('unavailable');
    } finally {
      dead.disconnect();
      deadSub.disconnect();
    }
  });
});
