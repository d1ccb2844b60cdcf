/**
 * The upload API process: loads the configuration once, creates the bucket when missing, starts HTTP, gRPC,
 * the outbox relay and the session janitor, and shuts down gracefully on SIGTERM/SIGINT (readiness goes false,
 * in-flight calls finish within SHUTDOWN_GRACE_MS, pending events are published, the pools close).
 */
import { createUpload } from './app.js';
import { loadUploadConfig } from './config.js';

const config = loadUploadConfig();
const upload = createUpload(config);
const { logger } = upload;

try {
  const ports = await upload.start();
  logger.info({ http_port: ports.httpPort, grpc_port: ports.grpcPort, host: config.host, bucket: config.s3.bucket }, 'upload listening');
} catch (err) {
  logger.fatal({ err }, 'upload failed to start');
  await upload.stop().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'upload shutting down');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.shutdownGraceMs + 5_000);
  hardStop.unref();
  try {
    await upload.stop();
    logger.info('upload stopped');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
