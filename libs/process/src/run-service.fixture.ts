/** A process for index.spec.ts: runService over a fake service whose start/stop behaviour comes from argv. */
import { createLogger } from '@studio/logger';
import { runService } from './index.js';

const [mode = 'ok'] = process.argv.slice(2);
const logger = createLogger({ service: 'fixture', level: 'info' });
await runService(
  {
    logger,
    start: async () => {
      if (mode === 'fail-start') throw new Error('no port');
      setInterval(() => undefined, 1_000); // a listener keeps a real service's process alive
      return { port: 1234 };
    },
    stop: () => (mode === 'hang-stop' ? new Promise<void>(() => undefined) : Promise.resolve()),
  },
  {
    name: 'fixture',
    shutdownGraceMs: 50,
    hardStopMarginMs: 50,
    startedFields: ({ port }) => ({ port }),
    afterStop: async () => logger.info('fixture after stop'),
  },
);
