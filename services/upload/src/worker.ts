/**
 * The upload worker process: competing consumers of the derivative and AI-job work queues (run as many replicas
 * as you like). On SIGTERM/SIGINT it stops taking jobs, finishes and acks the ones in hand, publishes pending
 * events and exits; a job cut short by a crash is redelivered by the broker to another replica.
 */
import { runService } from '@studio/process';
import { startTelemetry } from '@studio/telemetry';
import { createUploadWorker } from './app.js';
import { loadUploadConfig } from './config.js';

const config = loadUploadConfig();
const worker = createUploadWorker(config);
const telemetry = await startTelemetry({ role: 'upload-worker', ...config.telemetry, logger: worker.logger });
await runService(worker, {
  name: 'upload worker',
  afterStop: () => telemetry.shutdown(),
  shutdownGraceMs: config.shutdownGraceMs,
  // A derivative of a very large original can take a while: allow for it before giving up.
  hardStopMarginMs: 60_000,
  startedFields: ({ httpPort }) => ({ http_port: httpPort, prefetch: config.worker.derivativePrefetch }),
  messages: {
    started: 'upload worker running',
    stopping: 'upload worker shutting down; finishing the jobs in hand',
    overdue: 'shutdown took too long; exiting (unacked jobs are redelivered)',
  },
});
