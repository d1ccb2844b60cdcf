/**
 * The one way to define a deployable (the gateway, each service, each worker). A definition names the process and
 * builds its parts from its config: HTTP app, gRPC services, broker connection with the outbox relay and consumers,
 * background loops, and what to close at the end. This module owns the order every process starts and stops in:
 *
 *   start: admin listener -> prepare -> broker (connect, relay, consumers) -> HTTP -> gRPC -> loops
 *          -> accepting (ready)
 *   stop:  readiness false -> stop intake and finish in-flight work (HTTP, gRPC, consumers, loops; within the
 *          grace) -> drain the outbox -> close (relay, broker connection, then the parts' own resources)
 *          -> admin listener
 *
 * Every process has an admin listener on its own port (`*_ADMIN_PORT`) serving /healthz, /readyz and /metrics
 * (@studio/http/admin-app), and nothing else; the API port (`http`) never serves them. It is up first, so a probe
 * during start-up gets /healthz 200 and /readyz 503, and closes last, so /readyz says 503 all through the drain.
 *
 * Listeners bind the config's `host` at its `httpPort`, `grpcPort` and `adminPort`, and the broker part connects to its
 * `amqpUrl` (ProcessSettings), unless a part names its own (a worker's admin port).
 *
 * `main.ts` is `runProcess(definition, loadXConfig())` (signals, telemetry, exit codes: run.ts); integration tests
 * call `definition.create(config, deps)` and start and stop the instance in-process on port 0.
 */
import type { Express } from 'express';
import type client from 'prom-client';
import { connectAmqp, type AmqpConnection } from '@studio/amqp';
import { startConsumer, type ConsumerDefinition } from '@studio/amqp/consumer';
import { consumerObserver } from '@studio/amqp/metrics';
import type { OutboxRelay } from '@studio/amqp/outbox';
import { startGrpcServer, type GrpcServerAuth, type grpc, type GrpcServerHandle } from '@studio/grpc';
import { createAdminApp, startHttpServer, type ReadinessCheck, type RunningHttpServer } from '@studio/http/server';
import type { Logger } from '@studio/logger';

/** A started consumer, as `@studio/amqp`'s consumer returns it. */
export interface RunningConsumer {
  isConsuming(): boolean;
  /** Stops taking messages and waits for the ones in hand to be settled. */
  stop(): Promise<void>;
}

/** A started background loop (scheduler, janitor, dispatcher). */
export interface RunningLoop {
  /** Stops starting new rounds and lets the one in progress finish (it may take up to `graceMs`). */
  stop(graceMs: number): Promise<void>;
}

export interface BrokerPart {
  /** The broker's URL (default: the config's amqpUrl, AMQP_URL). */
  url?: string;
  /** The connection's name in the broker's management UI (default: the process name). */
  connectionName?: string;
  /** How long start-up waits for the first connection before going on without it, ms (default 3,000). */
  connectWaitMs?: number;
  /** Publishes the process's outbox; started on the connection, drained and stopped on shutdown. */
  relay?: OutboxRelay;
  /**
   * The consumers (`@studio/amqp/consumer`'s definitions, e.g. `eventConsumer`), started on the connection with the
   * process's registry and access log; or functions that start consumers themselves, one or several per entry.
   */
  consumers?: (
    | ConsumerDefinition
    | ((amqp: AmqpConnection) => Promise<RunningConsumer | RunningConsumer[]> | RunningConsumer | RunningConsumer[])
  )[];
}

/**
 * Where a listener binds: by default the config's `host` and the part's port from the config (`httpPort`,
 * `grpcPort`, `adminPort`); a part names its own only where it differs (a worker's admin port).
 */
export interface ListenAt {
  port?: number;
  host?: string;
}

/** What a definition builds from its config: the parts of one process. */
export interface ProcessParts {
  /**
   * The process's core (core.ts, from createProcessCore): its logger and its one metrics registry (HTTP, gRPC, relay,
   * consumers) serve every part, and its `close` releases what it opened (database pools, clients) after everything
   * else stopped.
   */
  core: { logger: Logger; metrics: { registry: client.Registry }; close(): Promise<void> };
  /** How long in-flight work may take to finish when stopping, ms (default: the config's shutdownGraceMs). */
  shutdownGraceMs?: number;
  /** The API listener (absent on workers, which serve no caller), at the config's httpPort. */
  http?: { app: Express } & ListenAt;
  /** The admin listener: /healthz, /readyz and /metrics (from `registry` and `readiness`), at the config's adminPort. */
  admin?: ListenAt;
  /**
   * The /readyz checks by name (`database`, `object_storage`, ...); /readyz is 503 unless all answer. A process with
   * a `broker` gets the broker's check from the definer, named BROKER_READINESS_CHECK.
   */
  readiness?: Record<string, ReadinessCheck>;
  /**
   * The gRPC server, at the config's grpcPort. `auth` (the keyring of callers and, per method, whom it admits) is
   * required for any service beyond grpc.health.v1; without it the server answers health checks only (see
   * @studio/grpc/auth).
   */
  grpc?: { register(server: grpc.Server): void; auth?: GrpcServerAuth } & ListenAt;
  broker?: BrokerPart;
  loops?: { name: string; start(): RunningLoop }[];
  /** Runs before anything connects or listens (e.g. creating the local bucket). */
  prepare?(): Promise<void>;
}

/**
 * The /readyz check of every process with a `broker` part: ready when the broker is connected and every consumer is
 * consuming. One name for all, so a probe or a dashboard reads the same check everywhere.
 */
export const BROKER_READINESS_CHECK = 'amqp';

/** Given to `build` before anything starts, for metrics that read the connection and the like. */
export interface ProcessContext {
  /** The broker connection once started (null before and after). */
  amqp(): AmqpConnection | null;
}

export interface ProcessPorts {
  httpPort?: number;
  grpcPort?: number;
  adminPort: number;
}

/** A created process: its own members (`expose`) plus the life cycle. */
export type ProcessInstance<Exposed> = Exposed & {
  logger: Logger;
  registry: client.Registry;
  start(): Promise<ProcessPorts>;
  /** Publishes every pending outbox event now (tests). */
  drainEvents(): Promise<void>;
  /** Stops in the order above; safe to call twice, or after a failed start. */
  stop(): Promise<void>;
};

export interface ProcessDefinition<Config, Deps, Exposed> {
  /** The process's name in log lines and telemetry: 'studio', 'upload-worker'. */
  readonly name: string;
  /** Builds the parts (nothing connects or listens yet). */
  create(config: Config, deps?: Deps): ProcessInstance<Exposed>;
  /** Fields of the line logged once started, beside the ports and the host (e.g. a consumer's queue). */
  startedFields?(config: Config, ports: ProcessPorts): Record<string, unknown>;
  /** How much longer than the grace a stop may take before the process exits 1, ms (default 5,000). */
  hardStopMarginMs?: number;
  /** Log messages in place of "<name> listening" and "<name> shutting down". */
  messages?: { started?: string; stopping?: string; overdue?: string };
  /**
   * V8 flags the deployable sets on itself before it builds anything (`runProcess`; in-process test instances keep
   * the test runner's). For flags node refuses in NODE_OPTIONS, such as `--heap-growing-percent`.
   */
  v8Flags?: readonly string[];
}

export interface ProcessSpec<Config, Deps, Exposed> extends Omit<ProcessDefinition<Config, Deps, Exposed>, 'create'> {
  /** The composition root: the parts, and what the instance exposes to callers (services, stores, ...). */
  build(config: Config, deps: Deps, context: ProcessContext): ProcessParts & { expose: Exposed };
}

/** What the definer reads from every process's config (camelCase, from its one zod schema). */
export interface ProcessSettings {
  /** How long in-flight work may take to finish when stopping, ms (SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** One access-log line per request, gRPC call and consumed message (ACCESS_LOG). */
  accessLog: boolean;
  /** The address the listeners bind (`<NAME>_HOST`). */
  host: string;
  /** The admin listener's port (`<NAME>_ADMIN_PORT`). */
  adminPort: number;
  /** The API listener's port, for a process with an `http` part. */
  httpPort?: number;
  /** The gRPC server's port, for a process with a `grpc` part. */
  grpcPort?: number;
  /** The broker (AMQP_URL), for a process with a `broker` part. */
  amqpUrl?: string;
}

export function defineProcess<Config extends ProcessSettings, Deps = Record<string, never>, Exposed = Record<string, never>>(
  spec: ProcessSpec<Config, Deps, Exposed>,
): ProcessDefinition<Config, Deps, Exposed> {
  const { build, ...definition } = spec;
  return {
    ...definition,
    create: (config, deps) => createInstance(spec.name, config, (context) => build(config, deps ?? ({} as Deps), context)),
  };
}

function createInstance<Exposed>(
  name: string,
  settings: ProcessSettings,
  build: (context: ProcessContext) => ProcessParts & { expose: Exposed },
): ProcessInstance<Exposed> {
  let accepting = false;
  let amqp: AmqpConnection | null = null;
  let consumers: RunningConsumer[] = [];
  const context: ProcessContext = { amqp: () => amqp };
  const brokerReady = async () => {
    if (!amqp?.isConnected()) throw new Error('amqp not connected');
    if (!consumers.every((c) => c.isConsuming())) throw new Error('not consuming');
  };
  const parts = build(context);
  const { core, broker } = parts;
  const { logger } = core;
  const { registry } = core.metrics;
  const readiness = broker ? { ...parts.readiness, [BROKER_READINESS_CHECK]: brokerReady } : parts.readiness;
  let http: RunningHttpServer | null = null;
  let admin: RunningHttpServer | null = null;
  let grpcServer: GrpcServerHandle | null = null;
  let loops: RunningLoop[] = [];
  /** The outbox relay once started on the broker connection (null before start and after stop). */
  let relay: OutboxRelay | null = null;
  let stopping: Promise<void> | null = null;

  async function stopAll(): Promise<void> {
    accepting = false;
    const grace = parts.shutdownGraceMs ?? settings.shutdownGraceMs;
    // Stop intake and let in-flight work finish: requests, calls, messages in hand, loop rounds.
    await Promise.all([
      http?.close(grace),
      grpcServer?.close(grace),
      ...consumers.map((c) => c.stop()),
      ...loops.map((l) => l.stop(grace)),
    ]);
    // What that work wrote to the outbox leaves now rather than with the next replica.
    if (relay) {
      const drained = relay.drain().catch((err: Error) => logger.warn({ err: err.message }, 'outbox not drained; rows stay pending'));
      await waitAtMost(drained, grace);
      await relay.stop();
    }
    await amqp?.close();
    await core.close();
    await admin?.close(grace);
  }

  return {
    ...parts.expose,
    logger,
    registry,
    async start() {
      const adminApp = createAdminApp({
        registry,
        readiness,
        // True from the end of start until stopping begins: /readyz answers 503 otherwise.
        isAccepting: () => accepting,
      });
      const at = listenAt(name, settings);
      admin = await startHttpServer(adminApp, ...at('admin', parts.admin, settings.adminPort));
      await parts.prepare?.();
      if (broker) {
        const url = broker.url ?? settings.amqpUrl;
        if (!url) throw new Error(`${name}: a broker part needs the config's amqpUrl`);
        amqp = await connectAmqp(url, logger, broker.connectionName ?? name);
        // A moment for the first connection, so the process starts ready; a broker that is down only delays events.
        await waitAtMost(amqp.model.waitForConnect(), broker.connectWaitMs ?? 3_000);
        if (broker.relay) {
          broker.relay.start(amqp);
          relay = broker.relay;
        }
        // One observer for all: the consumer lag histogram and the access-log line are the process's.
        const observer = consumerObserver({ registry, logger, accessLog: settings.accessLog });
        for (const entry of broker.consumers ?? []) {
          const started = typeof entry === 'function' ? await entry(amqp) : await startConsumer(amqp, entry, { logger, observer });
          consumers.push(...[started].flat());
        }
      }
      if (parts.http) http = await startHttpServer(parts.http.app, ...at('http', parts.http, settings.httpPort));
      if (parts.grpc) {
        grpcServer = await startGrpcServer(
          parts.grpc.register,
          ...at('grpc', parts.grpc, settings.grpcPort),
          {
            registry,
            logger,
            accessLog: settings.accessLog,
          },
          parts.grpc.auth,
        );
      }
      loops = (parts.loops ?? []).map((loop) => loop.start());
      accepting = true;
      return { httpPort: http?.port, grpcPort: grpcServer?.port, adminPort: admin.port };
    },
    async drainEvents() {
      if (!relay) throw new Error(`${name} has no started outbox relay`);
      await relay.drain();
    },
    stop() {
      stopping ??= stopAll().finally(() => {
        stopping = null;
        relay = null;
        http = null;
        admin = null;
        grpcServer = null;
        consumers = [];
        loops = [];
        amqp = null;
      });
      return stopping;
    },
  } as ProcessInstance<Exposed>;
}

/** The port and host a listener binds: the part's own, else the config's. */
function listenAt(name: string, settings: ProcessSettings) {
  return (part: string, own: ListenAt | undefined, configPort: number | undefined): [number, string] => {
    const port = own?.port ?? configPort;
    if (port === undefined) throw new Error(`${name}: the ${part} listener has no port (none in the part or the config)`);
    return [port, own?.host ?? settings.host];
  };
}

function waitAtMost(promise: Promise<unknown>, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    promise.then(done, done);
  });
}
