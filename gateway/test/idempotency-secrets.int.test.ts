/**
 * No plaintext secret at rest outside its owner (issue 14): the answers kept for Idempotency-Key replays are sealed
 * (AES-256-GCM), so a signing secret, portal token or client bearer in an answer never sits in Redis in plaintext,
 * and a replay still returns the identical bytes. Redis is read directly, every key under the harness prefix.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type http from 'node:http';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConfig } from '@studio/testkit';
import type { EchoRequest } from './support/echo-upstream.js';
import { API_BASE, IDEMPOTENT_ROUTES, RouteTable } from '../src/http/route-table.js';
import { OWNER, startHarness, type Harness } from './support/harness.js';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** Every byte stored under `prefix`: key names, string values, hash fields and values. */
async function storedBytes(redis: Redis, prefix: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 500);
    cursor = next;
    for (const key of keys) {
      parts.push(Buffer.from(key));
      const type = await redis.type(key);
      if (type === 'hash') {
        for (const [field, value] of Object.entries(await redis.hgetallBuffer(key))) parts.push(Buffer.from(field), value);
      } else if (type === 'string') {
        const value = await redis.getBuffer(key);
        if (value) parts.push(value);
      }
    }
  } while (cursor !== '0');
  return Buffer.concat(parts);
}

/** The upstream answers `path` with `status` and a JSON body carrying a fresh secret; returns the latest secret. */
function answerWithSecret(h: Harness, path: string, status: number, shape: (secret: string) => unknown): () => string {
  let secret = '';
  h.upstream.on(path, (_req: EchoRequest, res: http.ServerResponse) => {
    secret = `secret_${randomBytes(24).toString('base64url')}`;
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(shape(secret)));
  });
  return () => secret;
}

const post = (h: Harness, path: string, key: string, body: string, token: string | undefined = OWNER) =>
  h.call(path, { token, method: 'POST', headers: { ...JSON_HEADERS, 'idempotency-key': key }, body });

const ROTATE = `${API_BASE}/webhook-endpoints/${randomUUID()}/rotate-secret`;
const PUBLISH = `${API_BASE}/galleries/${randomUUID()}/publish`;

/** Every answer of the spec that carries a secret or a bearer. */
const SECRET_CARRYING = [
  {
    name: 'POST /webhook-endpoints (signing_secret)',
    path: `${API_BASE}/webhook-endpoints`,
    body: '{"workspace_id":"w","url":"http://127.0.0.1:9/hook","events":["gallery.published"]}',
    status: 201,
    shape: (secret: string) => ({
      ok: true,
      webhook_endpoint: { id: randomUUID(), url: 'http://127.0.0.1:9/hook', signing_secret: secret },
    }),
  },
  {
    name: 'POST /webhook-endpoints/{id}/rotate-secret (signing_secret)',
    path: ROTATE,
    body: '{}',
    status: 200,
    shape: (secret: string) => ({ ok: true, webhook_endpoint: { id: randomUUID(), signing_secret: secret } }),
  },
  {
    name: 'POST /galleries/{id}/publish (portal_token)',
    path: PUBLISH,
    body: '{}',
    status: 200,
    shape: (secret: string) => ({ ok: true, gallery: { id: randomUUID(), portal_token: secret } }),
  },
  {
    name: 'POST /client-sessions (session.bearer)',
    path: `${API_BASE}/client-sessions`,
    body: '{"portal_token":"pt_x"}',
    status: 201,
    token: undefined,
    shape: (secret: string) => ({ ok: true, session: { bearer: secret, expires_at: new Date().toISOString(), gallery_id: randomUUID() } }),
  },
];

describe('gateway Idempotency-Key records keep no plaintext secret', () => {
  let h: Harness;
  let redis: Redis;
  beforeAll(async () => {
    h = await startHarness();
    redis = new Redis(testConfig.TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    redis?.disconnect();
    await h?.close();
  });

  for (const c of SECRET_CARRYING) {
    it(`${c.name} with an Idempotency-Key leaves no plaintext secret in Redis`, async () => {
      const secret = answerWithSecret(h, c.path, c.status, c.shape);
      const token = 'token' in c ? c.token : OWNER;
      const first = await post(h, c.path, `key-${randomUUID()}`, c.body, token);
      expect(first.status).toBe(c.status);
      expect(first.text).toContain(secret());
      expect((await storedBytes(redis, h.prefix)).includes(secret())).toBe(false);
    });
  }

  it('stores the answer of POST /webhook-endpoints sealed, and replays the identical bytes without the upstream', async () => {
    const secret = answerWithSecret(h, `${API_BASE}/webhook-endpoints`, 201, (s) => ({
      ok: true,
      webhook_endpoint: { id: randomUUID(), signing_secret: s },
    }));
    const key = `key-${randomUUID()}`;
    const body = '{"workspace_id":"w","url":"http://127.0.0.1:9/other"}';
    const first = await post(h, `${API_BASE}/webhook-endpoints`, key, body);
    expect(first.status).toBe(201);
    const calls = h.upstream.calls();

    // The record exists and holds neither the secret nor any readable part of the answer.
    const stored = await storedBytes(redis, `${h.prefix}idem:`);
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.includes(secret())).toBe(false);
    expect(stored.includes('webhook_endpoint')).toBe(false);

    const retry = await post(h, `${API_BASE}/webhook-endpoints`, key, body);
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.raw.equals(first.raw)).toBe(true);
    expect(retry.text).toContain(secret());
    expect(h.upstream.calls()).toBe(calls);
  });
});

describe('gateway Idempotency-Key seals every stored answer, whatever the route', () => {
  // rotate-secret and publish made idempotent: no list of secret-carrying routes has to be kept up to date.
  let h: Harness;
  let redis: Redis;
  beforeAll(async () => {
    const routes = new RouteTable(undefined, undefined, [
      ...IDEMPOTENT_ROUTES,
      { method: 'POST', path: ROTATE },
      { method: 'POST', path: PUBLISH },
    ]);
    h = await startHarness({ routes });
    redis = new Redis(testConfig.TEST_REDIS_URL, { maxRetriesPerRequest: 1 });
  });
  afterAll(async () => {
    redis?.disconnect();
    await h?.close();
  });

  for (const c of SECRET_CARRYING.filter((x) => x.path === ROTATE || x.path === PUBLISH)) {
    it(`${c.name}: no plaintext secret stored, and a retry replays the identical answer`, async () => {
      const secret = answerWithSecret(h, c.path, c.status, c.shape);
      const key = `key-${randomUUID()}`;
      const first = await post(h, c.path, key, c.body);
      expect(first.status).toBe(c.status);
      expect(first.text).toContain(secret());
      const calls = h.upstream.calls();
      expect((await storedBytes(redis, `${h.prefix}idem:`)).includes(secret())).toBe(false);

      const retry = await post(h, c.path, key, c.body);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.raw.equals(first.raw)).toBe(true);
      expect(h.upstream.calls()).toBe(calls);
    });
  }
});
