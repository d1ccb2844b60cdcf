/**
 * The database goes away (a TCP proxy in front of the real PostgreSQL cuts every connection): searches answer
 * 503 with the usual error body, events wait in the consumer and are applied once the database is back;
 * nothing is dead-lettered, nothing is lost.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTcpProxy, type TcpProxy } from '@studio/testkit';
import { dlqOf } from '../src/events/index.consumer.js';
import { envelope, identity, publish, search, startHarness, startSearch, waitForHit, waitUntil, type Harness } from './support/harness.js';

let h: Harness;
let proxy: TcpProxy;
const ws = randomUUID();

beforeAll(async () => {
  const pg = new URL(process.env.TEST_PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
  proxy = await startTcpProxy(pg.hostname, Number(pg.port || 5432));
  // The harness clones the template directly, then the service talks to the clone through the proxy.
  h = await startHarness({ SEARCH_STATEMENT_TIMEOUT_MS: '1000' });
  await h.running.stop();
  const url = new URL(h.config.databaseUrl);
  url.port = String(proxy.port);
  const { app, running } = await startSearch({ ...h.config, databaseUrl: url.toString() });
  h = { ...h, app, running, baseUrl: `http://127.0.0.1:${running.httpPort}/api/v1` };
});
afterAll(async () => {
  proxy?.restore();
  await h?.close();
  await proxy?.close();
});

it('answers 503 while the database is unreachable, then recovers', async () => {
  const auth = identity({ [ws]: 'viewer' });
  expect((await search(h, { workspace_id: ws, q: 'anything' }, auth)).status).toBe(200);
  proxy.cut();
  const down = await search(h, { workspace_id: ws, q: 'anything' }, auth);
  expect(down.status).toBe(503);
  // The usual 5xx body: the kind and the request id, never the driver's message.
  expect(down.body).toEqual({ ok: false, error: 'unavailable', request_id: expect.stringMatching(/^\S+$/) });
  proxy.restore();
  await waitUntil(async () => (await search(h, { workspace_id: ws, q: 'anything' }, auth)).status === 200, 15_000, 'search back');
});

it('keeps events while the database is unreachable and applies them when it is back', async () => {
  proxy.cut();
  const id = randomUUID();
  await publish(h, envelope('client.created', ws, { client_id: id, name: 'Outage Osprey', updated_at: new Date().toISOString() }));
  await new Promise((r) => setTimeout(r, 1500));
  proxy.restore();
  await waitForHit(h, ws, 'osprey', id, true, 20_000);
  expect((await h.publisher.checkQueue(dlqOf(h.queue))).messageCount).toBe(0);
});
