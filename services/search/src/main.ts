/** The search process: HTTP (GET /search), the index consumer, gRPC health. Graceful on SIGTERM/SIGINT. */
import { loadSearchConfig } from './config.js';
import { createSearch } from './app.js';

const config = loadSearchConfig();
const app = createSearch(config);
const running = await app.start();

let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  app.logger.info({ signal }, 'shutting down');
  running.stop().then(
    () => process.exit(0),
    (err) => {
      app.logger.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
