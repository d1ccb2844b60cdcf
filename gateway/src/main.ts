/** Runs the gateway: load config, listen, and shut down gracefully on SIGTERM/SIGINT. */
import { telemetrySettings } from '@studio/config';
import { createLogger } from '@studio/logger';
import { startTelemetry } from '@studio/telemetry';
import { createGateway } from './app.js';
import { loadGatewayConfig } from './config.js';

const config = loadGatewayConfig();
const logger = createLogger({ service: 'gateway', level: config.LOG_LEVEL });
const gateway = createGateway(config, { logger });
const telemetry = await startTelemetry({ role: 'gateway', ...telemetrySettings(config), logger });

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down');
  const hardStop = setTimeout(() => {
    logger.error('shutdown took too long; exiting');
    process.exit(1);
  }, config.SHUTDOWN_GRACE_MS + 5000);
  hardStop.unref();
  try {
    await gateway.stop();
    await telemetry.shutdown();
    process.exit(0);
  } catch (err) {
    logger.error({ err }, 'shutdown failed');
    process.exit(1);
  }
}

process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

gateway.start().catch((err: unknown) => {
  logger.fatal({ err }, 'gateway failed to start');
  process.exit(1);
});
