/** grpc.health.v1 as every server serves it (grpc-health-check behind HealthReporter), over a real loopback server. */
import { afterEach, describe, expect, it } from 'vitest';
import type { HealthCheckResponse__Output } from '@studio/proto/health';
import { loadHealthService } from './health.js';
import { callUnary, createClient, grpc, startGrpcServer, type GrpcServerHandle } from './index.js';

let server: GrpcServerHandle | null = null;
afterEach(async () => {
  await server?.close(100);
  server = null;
});

describe('grpc.health.v1', () => {
  it('answers Check per service: the whole server SERVING, a set service as set, an unknown one NOT_FOUND', async () => {
    server = await startGrpcServer(() => undefined, 0);
    const client = createClient(loadHealthService(), `127.0.0.1:${server.port}`);
    try {
      expect(await callUnary(client, 'Check', { service: '' })).toEqual({ status: 'SERVING' });
      await expect(callUnary(client, 'Check', { service: 'studio.v1.StudioInternal' })).rejects.toMatchObject({ kind: 'not_found' });
      server.health.set('studio.v1.StudioInternal', 'NOT_SERVING');
      expect(await callUnary(client, 'Check', { service: 'studio.v1.StudioInternal' })).toEqual({ status: 'NOT_SERVING' });
    } finally {
      client.close();
    }
  });

  it('streams status changes to Watch, and setAll (shutdown) turns every known service NOT_SERVING', async () => {
    server = await startGrpcServer(() => undefined, 0);
    server.health.set('upload.v1.UploadInternal', 'SERVING');
    const client = createClient(loadHealthService(), `127.0.0.1:${server.port}`);
    const seen: HealthCheckResponse__Output[] = [];
    const watch = client.Watch({ service: '' });
    watch.on('data', (res: HealthCheckResponse__Output) => seen.push(res));
    watch.on('error', () => undefined);
    try {
      await expect.poll(() => seen.length).toBe(1);
      server.health.setAll('NOT_SERVING');
      await expect.poll(() => seen.map((res) => res.status)).toEqual(['SERVING', 'NOT_SERVING']);
      expect(await callUnary(client, 'Check', { service: 'upload.v1.UploadInternal' })).toEqual({ status: 'NOT_SERVING' });
    } finally {
      watch.cancel();
      client.close();
    }
  });

  it('reports NOT_SERVING while the server shuts down', async () => {
    const handle = await startGrpcServer(() => undefined, 0);
    const client = createClient(loadHealthService(), `127.0.0.1:${handle.port}`);
    const watch = client.Watch({ service: '' });
    const statuses: string[] = [];
    watch.on('data', (res: HealthCheckResponse__Output) => statuses.push(res.status));
    watch.on('error', (err: grpc.ServiceError) => statuses.push(`ended ${grpc.status[err.code]}`));
    try {
      await expect.poll(() => statuses.length).toBe(1);
      const closing = handle.close(200);
      await expect.poll(() => statuses).toContain('NOT_SERVING');
      await closing;
      expect(statuses[0]).toBe('SERVING');
    } finally {
      client.close();
    }
  });
});
