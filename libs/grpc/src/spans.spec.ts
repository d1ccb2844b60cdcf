/** The server span every gRPC call reports to a registered span sink (@studio/trace); health checks report none. */
import { generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '@studio/errors';
import { createLogger } from '@studio/logger';
import { runInContext, setSpanSink, startCall, type FinishedSpan } from '@studio/trace';
import { loadHealthService } from './health.js';
import { callUnary, createClient, grpc, loadService, ServiceTokenSigner, startGrpcServer, unaryHandlers } from './index.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CALLER = '00f067aa0ba902b7';

afterEach(() => setSpanSink(null));

describe('gRPC server spans', () => {
  it('reports one span per call with the caller span as parent, method and status code; an internal error is an error span', async () => {
    const logger = createLogger({ service: 'spec', level: 'silent' });
    const { privateKey, publicKey } = generateKeyPairSync('ed25519');
    const Studio = loadService('studio/v1/studio.proto', 'studio.v1.StudioInternal');
    const server = await startGrpcServer(
      (s) =>
        s.addService(
          Studio.service,
          unaryHandlers(logger, {
            AuthenticateToken: async () => {
              throw new AppError('not_found');
            },
            GetShoot: async () => {
              throw new Error('bug');
            },
          }),
        ),
      0,
      '127.0.0.1',
      {},
      { audience: 'studio', keyring: new Map([['spec', publicKey]]), allow: { 'studio.v1.StudioInternal': ['spec'] } },
    );
    const signer = new ServiceTokenSigner({ name: 'spec', signingKey: privateKey });
    const client = createClient(Studio, `127.0.0.1:${server.port}`, { credentials: { signer, audience: 'studio' } });
    const health = createClient(loadHealthService(), `127.0.0.1:${server.port}`);
    const spans: FinishedSpan[] = [];
    setSpanSink((s) => spans.push(s));
    try {
      const caller = { ...startCall(), traceId: TRACE, spanId: CALLER, parentSpanId: null };
      await runInContext(caller, async () => {
        await expect(callUnary(client, 'AuthenticateToken', { token: 'x' })).rejects.toMatchObject({ kind: 'not_found' });
        await expect(callUnary(client, 'GetShoot', { shoot_id: 'x', workspace_ids: [] })).rejects.toMatchObject({ kind: 'internal' });
        await expect(callUnary(health, 'Check', { service: '' })).resolves.toMatchObject({ status: 'SERVING' });
      });
      await runInContext({ ...caller, flags: 0 }, () =>
        expect(callUnary(client, 'AuthenticateToken', { token: 'x' })).rejects.toBeDefined(),
      );
    } finally {
      setSpanSink(null);
      client.close();
      health.close();
      await server.close(100);
    }
    expect(spans).toHaveLength(2);
    expect(spans[0]).toMatchObject({
      ids: { traceId: TRACE, parentSpanId: CALLER },
      name: 'studio.v1.StudioInternal/AuthenticateToken',
      kind: 'server',
      attributes: {
        'rpc.system': 'grpc',
        'rpc.service': 'studio.v1.StudioInternal',
        'rpc.method': 'AuthenticateToken',
        'rpc.grpc.status_code': grpc.status.NOT_FOUND,
      },
      error: undefined,
    });
    expect(spans[0]!.ids.spanId).not.toBe(CALLER);
    expect(spans[1]).toMatchObject({
      name: 'studio.v1.StudioInternal/GetShoot',
      attributes: { 'rpc.grpc.status_code': grpc.status.INTERNAL },
      error: 'INTERNAL',
    });
  });
});
