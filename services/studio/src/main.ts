/**
 * The studio process: loads the configuration once, starts HTTP, gRPC and the outbox relay, and shuts down
 * gracefully on SIGTERM/SIGINT (readiness goes false, in-flight calls finish within SHUTDOWN_GRACE_MS,
 * the relay stops, the database pool closes).
 */
import { runService } from '@studio/process';
import { startTelemetry } from '@studio/telemetry';
import { createStudio } from './app.js';
import { loadStudioConfig } from './config.js';

const config = loadStudioConfig();
const service = createStudio(config);
const telemetry = await startTelemetry({ role: 'studio', ...config.telemetry, logger: service.logger });
await runService(service, {
  name: 'studio',
  afterStop: () => telemetry.shutdown(),
  shutdownGraceMs: config.shutdownGraceMs,
  startedFields: (ports) => ({ http_port: ports.httpPort, grpc_port: ports.grpcPort, host: config.host }),
});
