/** The search process: HTTP (GET /search), the index consumer, gRPC health. Graceful on SIGTERM/SIGINT. */
import { telemetrySettings } from '@studio/config';
import { startTelemetry } from '@studio/telemetry';
import { loadSearchConfig } from './config.js';
import { createSearch } from './app.js';

const config = loadSearchConfig();
const app = createSearch(config);
const telemetry = await startTelemetry({ role: 'search', ...telemetrySettings(config), logger: app.logger });
const running = await app.start();

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.logger.info({ signal }, 'shutting down');
  running.stop().then(
    async () => {
      await telemetry.shutdown();
      process.exit(0);
    },
    async (err) => {
      app.logger.error({ err }, 'shutdown failed');
      await telemetry.shutdown();
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
