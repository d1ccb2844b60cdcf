/**
 * The gallery API process: loads the configuration once, starts HTTP, gRPC (IndexSource + health)
 * and the outbox relay, and shuts down gracefully on SIGTERM/SIGINT (readiness goes false,
 * in-flight calls finish within SHUTDOWN_GRACE_MS, pending events are published, the pools close).
 */
import { createGallery } from './app.js';
import { loadGalleryConfig } from './config.js';

const config = loadGalleryConfig();
const gallery = createGallery(config);
const { logger } = gallery;

try {
  const ports = await gallery.start();
  logger.info({ http_port: ports.httpPort, grpc_port: ports.grpcPort, host: config.host }, 'gallery listening');
} catch (err) {
  logger.fatal({ err }, 'gallery failed to start');
  await gallery.stop().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'gallery shutting down');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 5_000);
  hardStop.unref();
  try {
    await gallery.stop();
    logger.info('gallery stopped');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
