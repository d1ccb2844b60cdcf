/**
 * The upload API process: loads the configuration once, creates the bucket when missing, starts HTTP, gRPC,
 * the outbox relay and the session janitor, and shuts down gracefully on SIGTERM/SIGINT (readiness goes false,
 * in-flight calls finish within SHUTDOWN_GRACE_MS, pending events are published, the pools close).
 */
import { runService } from '@studio/process';
import { startTelemetry } from '@studio/telemetry';
import { createUpload } from './app.js';
import { loadUploadConfig } from './config.js';

const config = loadUploadConfig();
const service = createUpload(config);
const telemetry = await startTelemetry({ role: 'upload', ...config.telemetry, logger: service.logger });
await runService(service, {
  name: 'upload',
  afterStop: () => telemetry.shutdown(),
  shutdownGraceMs: config.shutdownGraceMs,
  startedFields: (ports) => ({ http_port: ports.httpPort, grpc_port: ports.grpcPort, host: config.host, bucket: config.s3.bucket }),
});
