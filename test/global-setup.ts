/**
 * Black-box tier: provision an isolated copy of every database (suffix `_bb`, recreated each run), start the
 * whole stack as separate processes on test ports, and hand the tests its base URL. Logs go to .run/blackbox/.
 *
 * The stack reaches RabbitMQ through a TCP proxy owned by this setup, and a stack control server
 * (test/support/stack-control-server.ts; client: test/support/stack-control.ts) lets fault tests kill, start and
 * restart the stack's processes and cut or restore its broker connection without touching the machine's RabbitMQ.
 *
 * Studio sends its mail (invitations, password resets) to an SMTP catcher the stack launcher runs in-process; each
 * message is saved under <logDir>/mail/ (test/support/mail.ts reads it).
 *
 * Every process exports its spans (OpenTelemetry, OTLP/HTTP) to a small receiver owned by this setup
 * (`@studio/testkit/otlp`); tests read them with `fetchTraceSpans(inject('otlpUrl'), traceId)`. The stack runs with
 * export on in every file, so the on path is exercised under the whole suite, and no test restarts processes for it.
 */
import path from 'node:path';
import { rmSync } from 'node:fs';
import type { TestProject } from 'vitest/node';
import { dropDatabase } from '@studio/testkit/db';
import { ROOT, defaultInfra, provision, DATABASE_SERVICES } from '../scripts/lib/infra.js';
import {
  REPLICATED,
  stackPortsAt,
  startStack,
  type ProcessName,
  type Stack,
  type StackOptions,
  type StackPorts,
} from '../scripts/lib/stack.js';
import { startTcpProxy } from '@studio/testkit/tcp-proxy';
import { startOtlpReceiver } from '@studio/testkit/otlp';
import { generateSecrets, type SecretsFile } from '@studio/testkit/secrets';
import { PORTAL_ORIGIN } from './support/portal.js';
import { startStackControl } from './support/stack-control-server.js';

/**
 * `STUDIO_BB_SLOT=n` (1..3) runs a second black-box stack beside the first (ports + n*1000, databases
 * `*_bb<n>`, Redis db 3+n, logs in .run/blackbox-<n>), so two people can run black-box files at once.
 * CI leaves it unset.
 */
const SLOT = Number(process.env.STUDIO_BB_SLOT ?? 0) || 0;
if (!Number.isInteger(SLOT) || SLOT < 0 || SLOT > 3) throw new Error('STUDIO_BB_SLOT must be 0..3');
const base = SLOT * 1000;

export const BLACKBOX_PORTS: StackPorts = stackPortsAt(10_000 + base);
export const BLACKBOX_REDIS_URL = `redis://127.0.0.1:6379/${SLOT === 0 ? 1 : 3 + SLOT}`;
const DB_SUFFIX = SLOT === 0 ? '_bb' : `_bb${SLOT}`;

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrls: Record<string, string>;
    ports: StackPorts;
    redisUrl: string;
    /** The machine's RabbitMQ, directly (not through the stack's switchable proxy): for capturing events. */
    amqpUrl: string;
    logDir: string;
    /** The stack's public base URL (`http://127.0.0.1:<gateway>`): the console is at `${publicUrl}/console/`. */
    publicUrl: string;
    /** Where the stack's SMTP catcher saves every message studio sends (test/support/mail.ts reads it). */
    mailDir: string;
    /** The stack control server (see test/support/stack-control.ts). */
    stackControlUrl: string;
    /** The options the stack was started with, so a test can start a replica set of it (scripts/lib/stack.ts `startReplicaSet`). */
    stackOptions: StackOptions;
    /** The OTLP/HTTP receiver every process of the stack exports its spans to (`fetchTraceSpans` of @studio/testkit/otlp). */
    otlpUrl: string;
    /**
     * The stack's secrets and keys, generated for this run (each process got only its deployable's): for an operator
     * CLI run against the stack, or a process started beside it (test/support/secrets.ts).
     */
    secrets: SecretsFile;
  }
}

export default async function setup(project: TestProject) {
  for (const svc of DATABASE_SERVICES) await dropDatabase(`${svc.database}${DB_SUFFIX}`);
  const databaseUrls = await provision({ suffix: DB_SUFFIX });
  const logDir = path.join(ROOT, SLOT === 0 ? '.run/blackbox' : `.run/blackbox-${SLOT}`);
  rmSync(logDir, { recursive: true, force: true });
  // Every process of the stack talks to RabbitMQ through this proxy, so a test can cut the broker for this stack only.
  const broker = new URL(defaultInfra.amqpUrl);
  const brokerProxy = await startTcpProxy(broker.hostname, Number(broker.port || 5672));
  // Every process exports its spans here, in short batches so a test sees them soon after the work.
  const otlp = await startOtlpReceiver();
  const otelEnv = { OTEL_EXPORTER_OTLP_ENDPOINT: otlp.url, OTEL_BSP_SCHEDULE_DELAY: '200' };
  // Every process but the object store.
  const traced: ProcessName[] = REPLICATED;
  const stackAmqp = new URL(defaultInfra.amqpUrl);
  stackAmqp.hostname = '127.0.0.1';
  stackAmqp.port = String(brokerProxy.port);
  const stackOptions: StackOptions = {
    ports: BLACKBOX_PORTS,
    databaseUrls,
    redisUrl: BLACKBOX_REDIS_URL,
    amqpUrl: stackAmqp.toString(),
    output: { dir: logDir },
    logLevel: 'warn',
    env: {
      ...Object.fromEntries(traced.map((name) => [name, otelEnv])),
      // The client portal's origin in test/client-sessions.test.ts (CORS).
      gateway: { ...otelEnv, CORS_ORIGINS: PORTAL_ORIGIN },
    },
    // Generated here, not by startStack, so that a replica set started from stackOptions shares them.
    secrets: generateSecrets(),
    // Studio's invitations and resets land here (scripts/lib/mail-catcher.ts).
    mailDir: path.join(logDir, 'mail'),
  };
  let stack: Stack;
  try {
    stack = await startStack(stackOptions);
  } catch (err) {
    await brokerProxy.close();
    await otlp.close();
    throw err;
  }
  const control = await startStackControl(stack, brokerProxy);
  project.provide('baseUrl', stack.baseUrl);
  project.provide('databaseUrls', databaseUrls);
  project.provide('ports', BLACKBOX_PORTS);
  project.provide('redisUrl', BLACKBOX_REDIS_URL);
  project.provide('amqpUrl', defaultInfra.amqpUrl);
  project.provide('logDir', logDir);
  project.provide('publicUrl', stack.publicUrl);
  project.provide('mailDir', stackOptions.mailDir!);
  project.provide('stackControlUrl', control.url);
  project.provide('stackOptions', stackOptions);
  project.provide('otlpUrl', otlp.url);
  project.provide('secrets', stack.secrets);
  return async () => {
    await control.close();
    brokerProxy.restore(); // a test that failed half-way may have left it cut: let the services stop cleanly
    await stack.stop();
    await brokerProxy.close();
    await otlp.close(); // after the stack: the processes' last spans are exported on their way out
  };
}
