/**
 * The dispatcher process: claims due deliveries and POSTs them (several replicas are safe). It serves
 * /healthz, /readyz and /metrics on WEBHOOKS_WORKER_HTTP_PORT. SIGTERM/SIGINT: stop claiming, finish the
 * deliveries in flight (up to 15 s), write their outcomes, exit; anything unfinished returns when its lease ends.
 */
import { telemetrySettings } from '@studio/config';
import { startHttpServer } from '@studio/http';
import { startTelemetry } from '@studio/telemetry';
import { createWebhooks } from './app.js';
import { loadWebhooksConfig } from './config.js';

const config = loadWebhooksConfig();
const webhooks = createWebhooks(config);
const { logger } = webhooks;
const telemetry = await startTelemetry({ role: 'webhooks-worker', ...telemetrySettings(config), logger });

let accepting = true;
const handle = webhooks.startDispatcher();
const ops = await startHttpServer(webhooks.opsApp({ isAccepting: () => accepting }), config.WEBHOOKS_WORKER_HTTP_PORT, config.WEBHOOKS_BIND_HOST);
logger.info({ http: ops.port, concurrency: config.DISPATCH_CONCURRENCY, schedule_ms: config.RETRY_SCHEDULE }, 'webhooks dispatcher started');

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  accepting = false;
  logger.info({ signal }, 'shutting down');
  await handle.stop(15_000);
  await ops.close(5_000);
  await webhooks.close();
  await telemetry.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
