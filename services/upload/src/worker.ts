/**
 * The upload worker process: competing consumers of the derivative and AI-job work queues (run as many replicas
 * as you like). On SIGTERM/SIGINT it stops taking jobs, finishes and acks the ones in hand, publishes pending
 * events and exits; a job cut short by a crash is redelivered by the broker to another replica.
 */
import { createUploadWorker } from './app.js';
import { loadUploadConfig } from './config.js';

const config = loadUploadConfig();
const worker = createUploadWorker(config);
const { logger } = worker;

try {
  const { httpPort } = await worker.start();
  logger.info({ http_port: httpPort, prefetch: config.worker.derivativePrefetch }, 'upload worker running');
} catch (err) {
  logger.fatal({ err }, 'upload worker failed to start');
  await worker.stop().catch(() => undefined);
  process.exit(1);
}

let stopping = false;
async function shutdown(signal: NodeJS.Signals): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'upload worker shutting down; finishing the jobs in hand');
  // A derivative of a very large original can take a while: allow for it before giving up.
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting (unacked jobs are redelivered)');
    process.exit(1);
  }, config.shutdownGraceMs + 60_000);
  hardStop.unref();
  try {
    await worker.stop();
    logger.info('upload worker stopped');
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', (s) => void shutdown(s));
process.on('SIGINT', (s) => void shutdown(s));
