/** The admin listener's place in a process's life: first up, last down, and the only home of the ops paths. */
import { describe, expect, it } from 'vitest';
import express from 'express';
import client from 'prom-client';
import { createLogger } from '@studio/logger';
import { BROKER_READINESS_CHECK, defineProcess, type ProcessSettings } from './define.js';

/** Listeners on 127.0.0.1 at ports the system picks, unless a part names its own. */
const settings: ProcessSettings = { shutdownGraceMs: 100, accessLog: false, host: '127.0.0.1', adminPort: 0, httpPort: 0 };

/** A core with a silent logger, `registry` and nothing to close. */
function specCore(registry = new client.Registry(), close = async () => undefined) {
  return { logger: createLogger({ service: 'spec', level: 'silent' }), metrics: { registry }, close };
}

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function status(url: string): Promise<number> {
  return (await fetch(url)).status;
}

describe('defineProcess admin listener', () => {
  it('answers /healthz 200 and /readyz 503 while preparing, 200 once started, 503 while stopping; the API port serves none of it', async () => {
    const preparing = deferred();
    const letPrepareFinish = deferred();
    const closing = deferred();
    const letCloseFinish = deferred();
    const api = express();
    api.get('/api/v1/things', (_req, res) => {
      res.json({ ok: true });
    });
    api.use((_req, res) => {
      res.status(404).json({ ok: false, error: 'not_found' });
    });
    const registry = new client.Registry();
    new client.Gauge({ name: 'spec_up', help: 'up', registers: [registry] }).set(1);
    const definition = defineProcess<ProcessSettings>({
      name: 'spec',
      build: () => ({
        core: specCore(registry, async () => {
          closing.resolve();
          await letCloseFinish.promise;
        }),
        // The admin and API listeners at the config's host and ports.
        readiness: { database: async () => 1 },
        http: { app: api },
        async prepare() {
          preparing.resolve();
          await letPrepareFinish.promise;
        },
        expose: {},
      }),
    });
    const instance = definition.create(settings);
    const started = instance.start();
    await preparing.promise;
    letPrepareFinish.resolve();
    const ports = await started;
    const admin = `http://127.0.0.1:${ports.adminPort}`;
    const apiBase = `http://127.0.0.1:${ports.httpPort}`;
    expect(ports.adminPort).not.toBe(ports.httpPort);
    expect(await status(`${admin}/healthz`)).toBe(200);
    expect(await status(`${admin}/readyz`)).toBe(200);
    expect(await (await fetch(`${admin}/metrics`)).text()).toContain('spec_up');
    for (const path of ['/healthz', '/readyz', '/metrics']) expect(await status(`${apiBase}${path}`), path).toBe(404);
    expect(await status(`${admin}/api/v1/things`)).toBe(404);
    expect(await status(`${apiBase}/api/v1/things`)).toBe(200);

    const stopped = instance.stop();
    await closing.promise;
    // Everything else has stopped; the admin listener still answers, and says not ready.
    expect(await status(`${admin}/healthz`)).toBe(200);
    expect(await status(`${admin}/readyz`)).toBe(503);
    letCloseFinish.resolve();
    await stopped;
    await expect(fetch(`${admin}/healthz`)).rejects.toThrow();
  });

  it('is up before prepare: a probe during start-up gets /healthz 200 and /readyz 503', async () => {
    const preparing = deferred();
    const letPrepareFinish = deferred();
    // A fixed free port, so the test can probe before start() resolves with the ports.
    const probe = await new Promise<number>((resolve) => {
      const server = express().listen(0, '127.0.0.1', () => {
        const { port } = server.address() as { port: number };
        server.close(() => resolve(port));
      });
    });
    const definition = defineProcess<ProcessSettings>({
      name: 'spec',
      build: () => ({
        core: specCore(),
        admin: { port: probe },
        async prepare() {
          preparing.resolve();
          await letPrepareFinish.promise;
        },
        expose: {},
      }),
    });
    const instance = definition.create(settings);
    const started = instance.start();
    await preparing.promise;
    try {
      expect(await status(`http://127.0.0.1:${probe}/healthz`)).toBe(200);
      expect(await status(`http://127.0.0.1:${probe}/readyz`)).toBe(503);
    } finally {
      letPrepareFinish.resolve();
      await started;
      await instance.stop();
    }
  });
});

describe('defineProcess broker readiness', () => {
  const define = (broker: boolean) =>
    defineProcess<ProcessSettings>({
      name: 'spec',
      build: () => ({
        core: specCore(),
        readiness: { database: async () => 1 },
        // At the config's amqpUrl, where nothing listens: the broker stays unreachable, the process starts without it.
        ...(broker ? { broker: { connectWaitMs: 50 } } : {}),
        expose: {},
      }),
    }).create({ ...settings, amqpUrl: 'amqp://127.0.0.1:1' });

  it.each([
    [true, { database: 'up', [BROKER_READINESS_CHECK]: 'down' }],
    [false, { database: 'up' }],
  ])('with a broker part %s, /readyz has the checks %j: the definer names the broker check, not the process', async (broker, checks) => {
    const instance = define(broker);
    const { adminPort } = await instance.start();
    try {
      const ready = await fetch(`http://127.0.0.1:${adminPort}/readyz`);
      expect((await ready.json()).checks).toEqual(checks);
    } finally {
      await instance.stop();
    }
  });
});
