/**
 * The studio process: loads the configuration once, starts HTTP, gRPC and the outbox relay, and shuts down
 * gracefully on SIGTERM/SIGINT (readiness goes false, in-flight calls finish within SHUTDOWN_GRACE_MS,
 * the relay stops, the database pool closes).
 */
import { createStudio } from './app.js';
import { loadStudioConfig } from './config.js';

const config = loadStudioConfig();
const studio = createStudio(config);
const { logger } = studio;

try {
  const ports = await studio.start();
  logger.info({ http_port: ports.httpPort, grpc_port: ports.grpcPort, host: config.host }, 'studio listening');
} catch (err) {
  logger.fatal({ err }, 'studio failed to start');
  await studio.stop().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'studio shutting down');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 5_000);
  hardStop.unref();
  try {
    await studio.stop();
    logger.info('studio stopped');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
