/**
 * The gateway's edge limits on the whole stack (docs/decisions/0018-edge-limits.md), with the stack's own settings: a
 * trickling body is answered 408 after GATEWAY_BODY_TIMEOUT_MS (10 s), not held for minutes; one client address holds
 * at most GATEWAY_MAX_CONNECTIONS_PER_ADDRESS (128) connections; answers written on the raw socket say nosniff; OPTIONS
 * answers 204 with the Allow of the real service's routes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api, baseUrl, NOT_FOUND_TEXT } from './support/client.js';
import { tenant } from './support/operator.js';
import { connectRaw, parseRawAnswer as parseAnswer, trickleBody, type RawAnswer } from '@studio/testkit/raw-http';

/** The default of GATEWAY_MAX_CONNECTIONS_PER_ADDRESS (gateway/src/config.ts), which the test stack keeps. */
const CONNECTIONS_PER_ADDRESS = 128;

/** A raw connection to the stack's gateway. */
const connect = () => {
  const { port, hostname } = new URL(baseUrl());
  return connectRaw(Number(port), hostname);
};

const until = async (check: () => boolean) => {
  while (!check()) await new Promise((r) => setTimeout(r, 10));
};

describe('gateway edge limits (black box)', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  beforeAll(async () => {
    t = await tenant(['owner']);
  });

  it('answers OPTIONS with a bearer 204 with the methods the service has for the path, and 404 where it has none', async () => {
    const clients = await api('OPTIONS', '/clients', { token: t.tokens.owner });
    expect(clients.status).toBe(204);
    expect(clients.headers.get('allow')).toBe('GET, HEAD, POST');
    expect(clients.text).toBe('');
    expect(clients.headers.get('x-content-type-options')).toBe('nosniff');

    const missing = await api('OPTIONS', '/clients/00000000-0000-4000-8000-000000000000/nothing-here', { token: t.tokens.owner });
    expect(missing.status).toBe(404);
    expect(missing.text).toBe(NOT_FOUND_TEXT);
  });

  it('answers a malformed request on the raw socket with the envelope and nosniff', async () => {
    const c = await connect();
    c.socket.write('NOT HTTP AT ALL\r\n\r\n');
    const answer = parseAnswer(await c.closed);
    expect(answer.status).toBe(400);
    expect(JSON.parse(answer.body)).toMatchObject({ ok: false, error: 'invalid_input' });
    expect(answer.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers a body trickling in one byte a second with 408 and closes the connection, long before it is sent', async () => {
    const c = await connect();
    const declared = 50;
    const { pathname } = new URL(baseUrl());
    c.socket.write(
      `POST ${pathname}/clients HTTP/1.1\r\nhost: gw\r\nauthorization: Bearer ${t.tokens.owner}\r\n` +
        `content-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`,
    );
    const drip = trickleBody(c, declared, 1000);
    try {
      const answer = parseAnswer(await c.closed);
      expect(drip.sent()).toBeLessThan(declared);
      expect(answer.status).toBe(408);
      expect(JSON.parse(answer.body)).toEqual({ ok: false, error: 'invalid_input', message: 'the request did not arrive in time' });
      expect(answer.headers.connection).toBe('close');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    } finally {
      drip.stop();
    }
  });

  it('refuses the connections of one address past its cap with a raw 429 and Retry-After, then serves it again', async () => {
    const held: Awaited<ReturnType<typeof connect>>[] = [];
    let refused: RawAnswer | null = null;
    try {
      // This process may already hold a few kept-alive connections of its own: the refusal comes at the cap or before.
      for (let i = 0; i <= CONNECTIONS_PER_ADDRESS && !refused; i++) {
        const c = await connect();
        c.socket.write('GET /nowhere HTTP/1.1\r\nhost: gw\r\n\r\n');
        await until(() => c.received().includes('\r\n\r\n{') || c.socket.destroyed);
        await until(() => c.received().endsWith('}') || c.socket.destroyed);
        const answer = parseAnswer(c.received());
        if (answer.status === 429) refused = answer;
        else expect(answer.status).toBe(404);
        held.push(c);
      }
      expect(refused).not.toBeNull();
      expect(held.length).toBeGreaterThan(CONNECTIONS_PER_ADDRESS - 16);
      expect(refused!.headers['retry-after']).toBe('1');
      expect(refused!.headers['x-content-type-options']).toBe('nosniff');
      expect(JSON.parse(refused!.body)).toMatchObject({ ok: false, error: 'rate_limited' });
    } finally {
      for (const c of held) c.socket.destroy();
    }
    // Once they are closed, the address is served again.
    let status = 0;
    for (let attempt = 0; attempt < 100 && status !== 200; attempt++) {
      status = (await api('GET', '/auth/whoami', { token: t.tokens.owner }).catch(() => ({ status: 0 }))).status;
      if (status !== 200) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(200);
  });
});
