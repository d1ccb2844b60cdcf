/**
 * The gallery API process: loads the configuration once, starts HTTP, gRPC (IndexSource + health)
 * and the outbox relay, and shuts down gracefully on SIGTERM/SIGINT (readiness goes false,
 * in-flight calls finish within SHUTDOWN_GRACE_MS, pending events are published, the pools close).
 */
import { runService } from '@studio/process';
import { startTelemetry } from '@studio/telemetry';
import { createGallery } from './app.js';
import { loadGalleryConfig } from './config.js';

const config = loadGalleryConfig();
const service = createGallery(config);
const telemetry = await startTelemetry({ role: 'gallery', ...config.telemetry, logger: service.logger });
await runService(service, {
  name: 'gallery',
  afterStop: () => telemetry.shutdown(),
  shutdownGraceMs: config.shutdownGraceMs,
  startedFields: (ports) => ({ http_port: ports.httpPort, grpc_port: ports.grpcPort, host: config.host }),
});
