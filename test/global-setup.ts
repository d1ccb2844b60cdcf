/**
 * Black-box tier: provision an isolated copy of every database (suffix `_bb`, recreated each run), start the
 * whole stack as separate processes on test ports, and hand the tests its base URL. Logs go to .run/blackbox/.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dropDatabase } from '@studio/testkit/db';
import { ROOT, defaultInfra, provision, DATABASE_SERVICES } from '../scripts/lib/infra.js';
import { startStack, type StackPorts } from '../scripts/lib/stack.js';

export const BLACKBOX_PORTS: StackPorts = {
  gateway: 18080,
  studioHttp: 17101,
  studioGrpc: 17201,
  s3: 19000,
  uploadHttp: 17103,
  uploadGrpc: 17203,
  uploadWorkerHttp: 17113,
  galleryHttp: 17102,
  galleryGrpc: 17202,
  searchHttp: 17104,
  searchGrpc: 17204,
  webhooksHttp: 17105,
  webhooksGrpc: 17205,
  webhooksWorkerHttp: 17115,
};
export const BLACKBOX_REDIS_URL = 'redis://127.0.0.1:6379/1';

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrls: Record<string, string>;
    ports: StackPorts;
    redisUrl: string;
    amqpUrl: string;
    logDir: string;
  }
}

export default async function setup(project: TestProject) {
  for (const svc of DATABASE_SERVICES) await dropDatabase(`${svc.database}_bb`);
  const databaseUrls = await provision({ suffix: '_bb' });
  const logDir = path.join(ROOT, '.run/blackbox');
  rmSync(logDir, { recursive: true, force: true });
  const stack = await startStack({
    ports: BLACKBOX_PORTS,
    databaseUrls,
    redisUrl: BLACKBOX_REDIS_URL,
    amqpUrl: defaultInfra.amqpUrl,
    output: { dir: logDir },
    logLevel: 'warn',
  });
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrls', databaseUrls);
  project.provide('ports', BLACKBOX_PORTS);
  project.provide('redisUrl', BLACKBOX_REDIS_URL);
  project.provide('amqpUrl', defaultInfra.amqpUrl);
  project.provide('logDir', logDir);
  return async () => {
    await stack.stop();
  };
}
