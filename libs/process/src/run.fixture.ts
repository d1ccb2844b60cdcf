/** A process for run.spec.ts: runProcess over a definition whose start/stop behaviour comes from argv. */
import client from 'prom-client';
import { createLogger } from '@studio/logger';
import { defineProcess } from './define.js';
import { runProcess } from './run.js';

const [mode = 'ok'] = process.argv.slice(2);
const fixture = defineProcess<{
  shutdownGraceMs: number;
  accessLog: boolean;
  host: string;
  adminPort: number;
  telemetry: { tracesEndpoint: null; headers: Record<string, string>; serviceName: null; exportDelayMs: number };
}>({
  name: 'fixture',
  hardStopMarginMs: 50,
  build: () => ({
    core: {
      logger: createLogger({ service: 'fixture', level: 'info' }),
      metrics: { registry: new client.Registry() },
      close: async () => undefined,
    },
    async prepare() {
      if (mode === 'fail-start') throw new Error('no port');
    },
    loops: [
      {
        name: 'ticker',
        start() {
          const timer = setInterval(() => undefined, 1_000); // a listener keeps a real service's process alive
          return { stop: () => (mode === 'hang-stop' ? new Promise<void>(() => undefined) : Promise.resolve(clearInterval(timer))) };
        },
      },
    ],
    expose: {},
  }),
});
await runProcess(fixture, {
  shutdownGraceMs: 50,
  accessLog: false,
  host: '127.0.0.1',
  adminPort: 0,
  telemetry: { tracesEndpoint: null, headers: {}, serviceName: null, exportDelayMs: 5_000 },
});
