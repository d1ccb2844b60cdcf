/**
 * Global setup of the `faults` project (`npm run test:faults`): the fault matrix restarts PostgreSQL, Redis and
 * RabbitMQ under load, so it gets servers of its own (test/faults/servers.ts: a throwaway initdb cluster, a second
 * redis-server, a RabbitMQ node of its own), never the machine's shared ones that other runs use meanwhile. On them:
 * the databases, migrations and broker topology (scripts/lib/infra.ts `provision`), then the whole stack on ports of
 * its own (stackPortsAt(23_500): 30xxx-32500, clear of the black-box slots' 17xxx-22xxx and the benches' 27xxx-29xxx)
 * with the black-box tier's stack control server (kill/start/restart a process) and test/faults/infra-control.ts
 * (restart a server). Logs, the servers' folders and the report go to .run/faults/.
 *
 * Provides what test/support/*.ts read (baseUrl, databaseUrls, publicUrl, secrets, stackControlUrl, ...), so the
 * black-box helpers (operator CLI, API client, webhook receiver) work unchanged against this stack.
 */
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startTcpProxy, type TcpProxy } from '@studio/testkit/tcp-proxy';
import { generateSecrets } from '@studio/testkit/secrets';
import { ROOT, provision } from '../../scripts/lib/infra.js';
import { stackPortsAt, startStack, type Stack, type StackOptions } from '../../scripts/lib/stack.js';
import { startStackControl, type StackControlServer } from '../support/stack-control-server.js';
import { startInfraControl, type InfraControlServer } from './infra-control.js';
import { type InfraServer, startPostgres, startRabbit, startRedis } from './servers.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The fault matrix's server restarts (test/faults/infra-control.ts). */
    infraControlUrl: string;
    /** Where the fault matrix writes report.json. */
    faultsDir: string;
  }
}

export const FAULTS_DIR = path.join(ROOT, '.run/faults');

/**
 * The gateway's deadlines in this stack, shortened so that every failure answers inside the load's client timeout
 * (10 s, test/faults/load.ts): a frozen upstream is a 503 after 5 s (default 30 s), and a key whose gateway died
 * mid-request is free again after 15 s (default 60 s; it must exceed the upstream deadline). What is tested is
 * the answer to a fault, not these numbers (docs/decisions/0021-fault-matrix.md).
 */
export const FAULTS_GATEWAY_ENV = { UPSTREAM_TIMEOUT_MS: '5000', IDEMPOTENCY_LOCK_MS: '15000', IDEMPOTENCY_WAIT_MS: '5000' };

export default async function setup(project: TestProject) {
  rmSync(FAULTS_DIR, { recursive: true, force: true });
  const serversDir = path.join(FAULTS_DIR, 'servers');
  mkdirSync(serversDir, { recursive: true });
  const servers: InfraServer[] = [];
  let proxy: TcpProxy | undefined;
  let stack: Stack | undefined;
  let control: StackControlServer | undefined;
  let infra: InfraControlServer | undefined;
  const teardown = async () => {
    await infra?.close();
    await control?.close();
    proxy?.restore();
    await stack?.stop();
    await proxy?.close();
    for (const s of servers.reverse()) await s.stop().catch((err: Error) => console.error(`[faults] stopping ${s.name}: ${err.message}`));
  };
  try {
    const pg = await startPostgres(serversDir);
    servers.push(pg);
    const redis = await startRedis(serversDir);
    servers.push(redis);
    const rabbit = await startRabbit(serversDir);
    servers.push(rabbit);
    const databaseUrls = await provision({ cfg: { pgAdminUrl: pg.url, redisUrl: redis.url, amqpUrl: rabbit.url } });
    // As in the black-box tier, the stack reaches the broker through a switchable proxy (the stack control server
    // needs one); a restart of the node is a restart behind it.
    const broker = new URL(rabbit.url);
    proxy = await startTcpProxy('127.0.0.1', Number(broker.port));
    broker.port = String(proxy.port);
    const logDir = path.join(FAULTS_DIR, 'logs');
    const stackOptions: StackOptions = {
      ports: stackPortsAt(23_500),
      databaseUrls,
      redisUrl: redis.url,
      amqpUrl: broker.toString(),
      output: { dir: logDir },
      logLevel: 'warn',
      env: { gateway: FAULTS_GATEWAY_ENV },
      secrets: generateSecrets(),
      mailDir: path.join(logDir, 'mail'),
    };
    stack = await startStack(stackOptions);
    control = await startStackControl(stack, proxy);
    infra = await startInfraControl(servers);
    project.provide('baseUrl', stack.baseUrl);
    project.provide('databaseUrls', databaseUrls);
    project.provide('ports', stackOptions.ports);
    project.provide('redisUrl', redis.url);
    project.provide('amqpUrl', rabbit.url);
    project.provide('logDir', logDir);
    project.provide('publicUrl', stack.publicUrl);
    project.provide('mailDir', stackOptions.mailDir!);
    project.provide('stackControlUrl', control.url);
    project.provide('stackOptions', stackOptions);
    project.provide('secrets', stack.secrets);
    project.provide('infraControlUrl', infra.url);
    project.provide('faultsDir', FAULTS_DIR);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
