/**
 * A studio with a real gRPC client of studio.v1.StudioOperations and a listener on studio.events, plus the two
 * checks every operation test makes: an operation answers OK and emits exactly the expected events (each once),
 * or it is refused with a status code and emits nothing.
 */
import amqp, { type ChannelModel } from 'amqplib';
import { expect } from 'vitest';
import { grpc, loadProto } from '@studio/grpc';
import { STUDIO_PROTO } from '@studio/proto/studio';
import { testConfig } from '@studio/testkit';
import { startTestStudio, type TestStudio, type TestStudioOptions } from '../harness.js';
import { eventsSince, listen, outboxRows, type Envelope, type Listener } from './events.js';

export interface CallResult {
  code: number;
  response?: any;
  details?: string;
}

/** A raw unary call that resolves with the response or the gRPC status. */
export function rawCall(client: grpc.Client, method: string, request: unknown): Promise<CallResult> {
  return new Promise((resolve) => {
    const fn = (client as unknown as Record<string, (...args: unknown[]) => unknown>)[method];
    if (typeof fn !== 'function') throw new Error(`no method ${method}`);
    fn.call(client, request, new grpc.Metadata(), { deadline: Date.now() + 10_000 }, (err: grpc.ServiceError | null, res: unknown) => {
      resolve(err ? { code: err.code, details: err.details } : { code: grpc.status.OK, response: res });
    });
  });
}

/** A proto answer back to JSON: "" was null. */
export function nullify(value: any): any {
  if (value === '') return null;
  if (Array.isArray(value)) return value.map(nullify);
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, nullify(v)]));
  return value;
}

export function expectEnvelope(e: Envelope, type: string, workspaceId: string): void {
  expect(e).toMatchObject({
    id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    type,
    created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    workspace_id: workspaceId,
    api_version: expect.stringMatching(/^\d{4}-\d{2}$/),
    data: expect.any(Object),
  });
  expect(Object.keys(e).sort()).toEqual(['api_version', 'created_at', 'data', 'id', 'type', 'workspace_id']);
}

export interface OperationsContext {
  t: TestStudio;
  conn: ChannelModel;
  listener: Listener;
  client: grpc.Client;
  /** Publishes what is pending and waits until every event of the workspace so far has arrived. */
  settle(workspaceId: string): Promise<void>;
  /** Calls `method`, expects OK and exactly `types` (in any order, each once) for `workspaceId`; returns both. */
  op(
    workspaceId: string,
    method: string,
    request: Record<string, unknown>,
    types: string[],
  ): Promise<{ response: any; events: Record<string, Envelope> }>;
  /** Calls `method`, expects `code`, and that nothing at all was emitted for `workspaceId`. */
  refused(workspaceId: string, method: string, request: Record<string, unknown>, code: number): Promise<CallResult>;
  stop(): Promise<void>;
}

export async function startOperationsContext(opts: TestStudioOptions = {}): Promise<OperationsContext> {
  const t = await startTestStudio(opts);
  const conn = await amqp.connect(testConfig.TEST_AMQP_URL);
  const listener = await listen(conn);
  const client = t.grpcClient(loadProto(STUDIO_PROTO).studio.v1.StudioOperations, 'operator');
  const settle = async (workspaceId: string) => {
    await t.studio.drainEvents();
    const written = (await outboxRows(t.database.url, workspaceId)).length;
    await expect.poll(() => listener.of(workspaceId).length, { timeout: 10_000, interval: 20 }).toBe(written);
  };
  return {
    t,
    conn,
    listener,
    client,
    settle,
    async op(workspaceId, method, request, types) {
      await settle(workspaceId);
      const mark = listener.of(workspaceId).length;
      const res = await rawCall(client, method, request);
      expect(res, `${method}: ${res.details}`).toMatchObject({ code: grpc.status.OK });
      await t.studio.drainEvents();
      const events = await eventsSince(listener, workspaceId, mark, types.length);
      expect(events.map((e) => e.type).sort()).toEqual([...types].sort());
      for (const e of events) expectEnvelope(e, e.type, workspaceId);
      return { response: res.response, events: Object.fromEntries(events.map((e) => [e.type, e])) };
    },
    async refused(workspaceId, method, request, code) {
      await settle(workspaceId);
      const mark = listener.of(workspaceId).length;
      const res = await rawCall(client, method, request);
      expect(res.code, `${method} answered ${res.code} ${res.details}`).toBe(code);
      await t.studio.drainEvents();
      expect(await eventsSince(listener, workspaceId, mark, 0, 150)).toEqual([]);
      return res;
    },
    async stop() {
      client.close();
      await listener.close().catch(() => undefined);
      await conn.close().catch(() => undefined);
      await t.stop();
    },
  };
}
