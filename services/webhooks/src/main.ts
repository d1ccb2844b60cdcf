/**
 * The webhook-dispatch API process: the HTTP API (endpoints, subscriptions, delivery history, replay), the
 * fan-out consumer (events -> deliveries) and gRPC health. The dispatcher runs as its own process (worker.ts).
 * SIGTERM/SIGINT: /readyz turns 503, the listeners stop taking work, in-flight requests and batches finish.
 */
import { connectAmqp } from '@studio/amqp';
import { telemetrySettings } from '@studio/config';
import { startHttpServer } from '@studio/http';
import { startTelemetry } from '@studio/telemetry';
import { createWebhooks } from './app.js';
import { loadWebhooksConfig } from './config.js';
import { startWebhooksGrpc } from './grpc/server.js';

const config = loadWebhooksConfig();
const webhooks = createWebhooks(config);
const { logger } = webhooks;
const telemetry = await startTelemetry({ role: 'webhooks', ...telemetrySettings(config), logger });

let accepting = true;
const amqp = await connectAmqp(config.AMQP_URL, logger, 'webhooks-api');
const consumer = await webhooks.startConsumer(amqp);
const api = webhooks.api({
  isAccepting: () => accepting,
  readiness: {
    database: () => webhooks.db.ping(),
    broker: async () => {
      if (!amqp.isConnected() || !consumer.isConsuming()) throw new Error('broker not connected');
    },
  },
});
const http = await startHttpServer(api, config.WEBHOOKS_HTTP_PORT, config.WEBHOOKS_BIND_HOST);
const grpc = await startWebhooksGrpc(config.WEBHOOKS_GRPC_PORT, config.WEBHOOKS_BIND_HOST, { registry: webhooks.metrics.registry, logger, accessLog: config.ACCESS_LOG });
logger.info({ http: http.port, grpc: grpc.port, queue: config.WEBHOOKS_FANOUT_QUEUE }, 'webhooks api started');

let shuttingDown = false;
async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  accepting = false;
  logger.info({ signal }, 'shutting down');
  await Promise.allSettled([http.close(10_000), grpc.close(10_000), consumer.stop()]);
  await webhooks.close();
  await amqp.close();
  await telemetry.shutdown();
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
