/**
 * The gateway's edge limits (docs/decisions/0018-edge-limits.md), over raw sockets: the body deadline (408), the cap on
 * connections per client address (429 on the raw socket), nosniff on every answer the gateway writes (raw ones
 * included), and OPTIONS answered 204 with the Allow of the upstream's router.
 */
import net from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_FOUND_BODY } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { createMetrics } from '@studio/http/metrics';
import { createHttpApp, finishHttpApp, startHttpServer, type RunningHttpServer } from '@studio/http/server';
import {
  connectRaw,
  exchangeRaw,
  parseRawAnswer as parseAnswer,
  trickleBody,
  type RawAnswer,
  type RawConnection,
} from '@studio/testkit/raw-http';
import { OWNER, startHarness, waitUntil, type Harness } from './support/harness.js';

const portOf = (url: string) => Number(new URL(url).port);
const connect = (url: string) => connectRaw(portOf(url));
const exchange = (url: string, request: string) => exchangeRaw(portOf(url), request);

/** Waits for one complete answer (Content-Length framed) on a kept-alive connection. */
async function nextAnswer(c: RawConnection, from = 0): Promise<RawAnswer> {
  let answer: RawAnswer | null = null;
  await waitUntil(
    async () => {
      const text = c.received().slice(from);
      const end = text.indexOf('\r\n\r\n');
      if (end < 0) return false;
      const parsed = parseAnswer(text);
      if (Buffer.byteLength(parsed.body, 'latin1') < Number(parsed.headers['content-length'] ?? 0)) return false;
      answer = parsed;
      return true;
    },
    10_000,
    10,
  );
  if (!answer) throw new Error(`no complete answer: ${JSON.stringify(c.received().slice(from))}`);
  return answer;
}

const get = (path: string, headers = '') => `GET ${path} HTTP/1.1\r\nhost: gw\r\n${headers}\r\n`;

/**
 * A real upstream built like every service (the @studio/http skeleton, an express router under /api/v1, the shared
 * 404): OPTIONS on a path is answered by express's router itself, which lists the path's methods.
 */
async function startRouterUpstream(): Promise<RunningHttpServer> {
  const logger = createLogger({ service: 'upstream', level: 'silent' });
  const app = createHttpApp({ logger, metrics: createMetrics('edge_upstream') });
  const router = express.Router();
  router.get('/clients', (_req, res) => {
    res.json({ ok: true, items: [], next_cursor: null });
  });
  router.post('/clients', (_req, res) => {
    res.status(201).json({ ok: true });
  });
  router.delete('/clients/:id', (_req, res) => {
    res.status(204).end();
  });
  app.use('/api/v1', router);
  finishHttpApp(app, logger);
  return startHttpServer(app, 0);
}

describe('gateway edge limits', () => {
  let h: Harness;
  let upstream: RunningHttpServer;
  beforeAll(async () => {
    upstream = await startRouterUpstream();
    h = await startHarness({
      upstreamUrl: `http://127.0.0.1:${upstream.port}`,
      env: { GATEWAY_BODY_TIMEOUT_MS: '2000' },
    });
  });
  afterAll(async () => {
    await h?.close();
    await upstream?.close(100);
  });

  it('answers a body that trickles in (one byte a second, a 2 s deadline) with 408 and closes the connection', async () => {
    const c = await connect(h.url);
    const declared = 60;
    c.socket.write(
      `POST /api/v1/clients HTTP/1.1\r\nhost: gw\r\nauthorization: Bearer ${OWNER}\r\ncontent-type: application/json\r\n` +
        `content-length: ${declared}\r\n\r\n`,
    );
    const drip = trickleBody(c, declared, 1000);
    try {
      const answer = parseAnswer(await c.closed);
      // The body was far from complete: the gateway did not wait for it (nor for Node's 30 s request deadline, whose
      // raw answer carries no request id).
      expect(drip.sent()).toBeLessThan(declared);
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({ ok: false, error: 'invalid_input', message: 'the request did not arrive in time' });
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-request-id']).toBeTruthy();
    } finally {
      drip.stop();
    }
  });

  it('answers a malformed request, a header overflow and an unsupported Expect with the envelope and nosniff', async () => {
    const malformed = await exchange(h.url, 'NOT HTTP AT ALL\r\n\r\n');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.body)).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(malformed.headers['x-content-type-options']).toBe('nosniff');

    const overflow = await exchange(h.url, get('/api/v1/clients', `x-big: ${'a'.repeat(20 * 1024)}\r\n`));
    expect(overflow.status).toBe(400);
    expect(JSON.parse(overflow.body)).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(overflow.headers['x-content-type-options']).toBe('nosniff');

    const expectation = await exchange(h.url, get('/api/v1/clients', 'expect: something-else\r\n'));
    expect(expectation.status).toBe(417);
    expect(JSON.parse(expectation.body)).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(expectation.headers['x-content-type-options']).toBe('nosniff');
  });

  it("carries nosniff on the gateway's own answers and on the upstream's", async () => {
    const answers = {
      unknownPath: await h.call('/nowhere'),
      noBearer: await h.call('/api/v1/clients'),
      badJson: await h.call('/api/v1/clients', {
        token: OWNER,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      upstream: await h.call('/api/v1/clients', { token: OWNER }),
      upstreamNotFound: await h.call('/api/v1/clients/x/nothing', { token: OWNER }),
    };
    expect(answers.unknownPath.status).toBe(404);
    expect(answers.noBearer.status).toBe(401);
    expect(answers.badJson.status).toBe(400);
    expect(answers.upstream.status).toBe(200);
    expect(answers.upstreamNotFound.status).toBe(404);
    for (const [name, answer] of Object.entries(answers)) expect(answer.headers['x-content-type-options'], name).toBe('nosniff');
  });

  it('closes the connection after a proxied answer when the request said Connection: close', async () => {
    // The upstream keeps its own connection to the gateway alive; the caller's is the caller's choice.
    const answer = await exchange(h.url, get('/api/v1/clients', `authorization: Bearer ${OWNER}\r\nconnection: close\r\n`));
    expect(answer.status).toBe(200);
    expect(answer.headers.connection).toBe('close');
  });

  it('answers OPTIONS with a bearer 204 with the Allow of the path, and 404 on a path no route serves', async () => {
    const clients = await h.call('/api/v1/clients', { token: OWNER, method: 'OPTIONS' });
    expect(clients.status).toBe(204);
    expect(clients.headers.allow).toBe('GET, HEAD, POST');
    expect(clients.raw.length).toBe(0);
    expect(clients.headers['content-type']).toBeUndefined();
    expect(clients.headers['x-content-type-options']).toBe('nosniff');

    const one = await h.call('/api/v1/clients/8d6c1a8e-2f0b-4c52-9d1e-3c6f7a9b0e21', { token: OWNER, method: 'OPTIONS' });
    expect(one.status).toBe(204);
    expect(one.headers.allow).toBe('DELETE');

    for (const path of ['/api/v1/clients/x/nothing', '/api/v1/no-such-prefix']) {
      const missing = await h.call(path, { token: OWNER, method: 'OPTIONS' });
      expect(missing.status, path).toBe(404);
      expect(missing.text, path).toBe(NOT_FOUND_BODY);
      expect(missing.headers['x-content-type-options'], path).toBe('nosniff');
    }

    // Without a bearer it is refused like any request on an API path.
    expect((await h.call('/api/v1/clients', { method: 'OPTIONS' })).status).toBe(401);
  });
});

describe('gateway edge limits: a dead upstream', () => {
  let h: Harness;
  beforeAll(async () => {
    // A port nothing listens on: every upstream call is refused.
    const probe = net.createServer();
    await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
    const { port } = probe.address() as net.AddressInfo;
    await new Promise<void>((resolve) => probe.close(() => resolve()));
    h = await startHarness({ upstreamUrl: `http://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers 503 with nosniff, OPTIONS included', async () => {
    for (const method of ['GET', 'OPTIONS']) {
      const answer = await h.call('/api/v1/clients', { token: OWNER, method });
      expect(answer.status, method).toBe(503);
      expect(answer.json, method).toMatchObject({ ok: false, error: 'unavailable' });
      expect(answer.headers['x-content-type-options'], method).toBe('nosniff');
    }
  });
});

describe('gateway edge limits: connections per client address', () => {
  const CAP = 4;
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ env: { GATEWAY_MAX_CONNECTIONS_PER_ADDRESS: String(CAP) } });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('answers the connection past the cap with a raw 429 and Retry-After, and admits one again once a slot is free', async () => {
    // CAP connections, each in use (one answered request on it, kept alive).
    const held: RawConnection[] = [];
    for (let i = 0; i < CAP; i++) {
      const c = await connect(h.url);
      c.socket.write(get('/api/v1/galleries', `authorization: Bearer ${OWNER}\r\n`));
      expect((await nextAnswer(c)).status).toBe(200);
      held.push(c);
    }

    const extra = await connect(h.url);
    const refused = parseAnswer(await extra.closed);
    expect(refused.status).toBe(429);
    expect(refused.headers['retry-after']).toBe('1');
    expect(refused.headers.connection).toBe('close');
    expect(refused.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(refused.body)).toMatchObject({ ok: false, error: 'rate_limited' });

    // The held connections still work.
    const first = held[0]!;
    const before = first.received().length;
    first.socket.write(get('/api/v1/galleries', `authorization: Bearer ${OWNER}\r\n`));
    expect((await nextAnswer(first, before)).status).toBe(200);

    // One closes: a new connection is served again (once the gateway has seen the close).
    first.socket.end();
    await first.closed;
    const admitted = await waitUntil(
      async () => {
        const again = await exchange(h.url, get('/api/v1/galleries', `authorization: Bearer ${OWNER}\r\nconnection: close\r\n`));
        return again.status === 200;
      },
      10_000,
      20,
    );
    expect(admitted).toBe(true);
    for (const c of held.slice(1)) c.socket.destroy();
  });
});
