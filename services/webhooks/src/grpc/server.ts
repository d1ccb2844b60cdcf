/**
 * The service's gRPC server. webhook-dispatch exposes no synchronous contract to other services yet, so it
 * serves grpc.health.v1 only (orchestrators and the gateway's health checks use it).
 */
import { startGrpcServer, type GrpcServerHandle } from '@studio/grpc';
import type { ServerObservability } from '@studio/grpc/metrics';

export function startWebhooksGrpc(port: number, host: string, observe: ServerObservability = {}): Promise<GrpcServerHandle> {
  return startGrpcServer(() => undefined, port, host, observe);
}
