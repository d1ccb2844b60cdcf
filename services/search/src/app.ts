/**
 * Composition of the search service: database clients, stores, services, the HTTP app (GET /search plus the
 * shared /healthz, /readyz, /metrics), the index consumer and the gRPC health server. `createSearch` builds
 * everything without opening listeners; `start` opens them (main.ts and the integration tests use both).
 */
import express, { type Express } from 'express';
import client from 'prom-client';
import { connectAmqp, type AmqpConnection } from '@studio/amqp';
import { consumerObserver, registerQueueDepth } from '@studio/amqp/metrics';
import { createCursorCodec } from '@studio/cursor';
import { AppError } from '@studio/errors';
import { startGrpcServer, type GrpcServerHandle } from '@studio/grpc';
import { createHttpApp, createMetrics, finishHttpApp, RouteRegistry, startHttpServer, type HttpMetrics, type RunningHttpServer } from '@studio/http';
import { serveOpenApiFragment } from '@studio/http/openapi';
import { createLogger, type Logger } from '@studio/logger';
import type { SearchConfig } from './config.js';
import { dlqOf, startIndexConsumer, type IndexConsumer } from './events/index.consumer.js';
import { searchRoutes } from './http/search.routes.js';
import { IndexerService } from './services/indexer.service.js';
import { SearchService } from './services/search.service.js';
import { RebuildService } from './services/rebuild.service.js';
import { IndexStore } from './store/index.store.js';
import { createDb, type Db } from './store/prisma.js';
import { SearchStore } from './store/search.store.js';

export interface SearchApp {
  config: SearchConfig;
  logger: Logger;
  metrics: HttpMetrics;
  http: Express;
  searchDb: Db;
  indexDb: Db;
  searchStore: SearchStore;
  indexStore: IndexStore;
  search: SearchService;
  indexer: IndexerService;
  rebuilds: RebuildService;
  /** Opens the HTTP and gRPC listeners and attaches the index consumer. */
  start(): Promise<RunningSearch>;
}

export interface RunningSearch {
  httpPort: number;
  grpcPort: number;
  amqp: AmqpConnection;
  consumer: IndexConsumer;
  /** Graceful: stop taking requests and messages, finish what is in hand, close connections. */
  stop(): Promise<void>;
}

export interface CreateSearchOptions {
  logger?: Logger;
}

/** SQLSTATEs and Prisma codes meaning "the database is slow or unreachable": answered 503, never 500. */
const UNAVAILABLE_RE = /P1001|P1002|P1008|P1017|P2024|57014|57P0[123]|53300|ECONNREFUSED|ECONNRESET|canceling statement|statement timeout|Can't reach database|Connection terminated|timeout exceeded when trying to connect|Timed out fetching/i;

function asUnavailable(err: unknown): AppError | null {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    const o = e as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown };
    const text = `${String(o.code ?? '')} ${String(o.originalCode ?? '')} ${String(o.message ?? '')}`;
    if (UNAVAILABLE_RE.test(text)) return new AppError('unavailable', 'search is temporarily unavailable');
    e = o.cause;
  }
  return null;
}

function consumerMetrics(registry: client.Registry) {
  const events = new client.Counter({
    name: 'search_index_events_total',
    help: 'Domain events handled by the index consumer, by outcome',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const lag = new client.Histogram({
    name: 'search_index_lag_seconds',
    help: 'Time from an event being created to it being applied to the index',
    buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 60],
    registers: [registry],
  });
  const apply = new client.Histogram({
    name: 'search_index_apply_duration_seconds',
    help: 'Duration of one indexing job (applying an event to the index), by outcome',
    labelNames: ['outcome'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return {
    processed(outcome: string, lagSeconds: number | null, applySeconds: number) {
      events.inc({ outcome });
      apply.observe({ outcome }, applySeconds);
      if (lagSeconds !== null && outcome === 'applied') lag.observe(Math.max(0, lagSeconds));
    },
    failed(kind: 'invalid' | 'retry' | 'unavailable') {
      events.inc({ outcome: kind });
    },
  };
}

export function createSearch(config: SearchConfig, opts: CreateSearchOptions = {}): SearchApp {
  const logger = opts.logger ?? createLogger({ service: 'search', level: config.LOG_LEVEL });
  const metrics = createMetrics('search');
  const searchDb = createDb({
    databaseUrl: config.DATABASE_URL,
    poolSize: config.DATABASE_POOL_SIZE,
    statementTimeoutMs: config.SEARCH_STATEMENT_TIMEOUT_MS,
    applicationName: 'search-read',
  });
  // Index writes get their own small pool so a burst of events never starves searches (and vice versa).
  const indexDb = createDb({ databaseUrl: config.DATABASE_URL, poolSize: 4, statementTimeoutMs: 30_000, applicationName: 'search-index' });
  const searchStore = new SearchStore(searchDb);
  const indexStore = new IndexStore(indexDb);
  const search = new SearchService(searchStore, createCursorCodec(config.CURSOR_SECRET));
  const indexer = new IndexerService(indexStore);
  const rebuilds = new RebuildService(indexStore, logger);

  let accepting = true;
  let amqp: AmqpConnection | null = null;
  const indexMetrics = consumerMetrics(metrics.registry);
  registerQueueDepth({ registry: metrics.registry, amqp: () => amqp, queues: [config.INDEX_QUEUE, dlqOf(config.INDEX_QUEUE)] });
  const http = createHttpApp({
    logger,
    metrics,
    accessLog: config.ACCESS_LOG,
    identitySecret: config.INTERNAL_JWT_SECRET,
    isAccepting: () => accepting,
    readiness: {
      database: () => searchStore.ping(),
      broker: async () => {
        if (!amqp?.isConnected()) throw new Error('broker not connected');
      },
    },
  });
  const router = express.Router();
  const registry = new RouteRegistry().add(...searchRoutes(search));
  registry.mount(router);
  // Database trouble during a search is a 503 with the usual error body, never a 500.
  router.use((err: unknown, _req: express.Request, _res: express.Response, next: express.NextFunction) => next(asUnavailable(err) ?? err));
  http.use('/api/v1', router);
  // This service's part of the public OpenAPI document, for the gateway (docs/decisions/0008-openapi.md).
  serveOpenApiFragment(http, registry, { title: 'search service' });
  finishHttpApp(http, logger);

  return {
    config,
    logger,
    metrics,
    http,
    searchDb,
    indexDb,
    searchStore,
    indexStore,
    search,
    indexer,
    rebuilds,
    async start() {
      const server: RunningHttpServer = await startHttpServer(http, config.SEARCH_HTTP_PORT, config.SEARCH_HOST);
      const grpcServer: GrpcServerHandle = await startGrpcServer(() => undefined, config.SEARCH_GRPC_PORT, config.SEARCH_HOST, {
        registry: metrics.registry,
        logger,
        accessLog: config.ACCESS_LOG,
      });
      amqp = await connectAmqp(config.AMQP_URL, logger, 'search');
      const consumer = startIndexConsumer({
        amqp,
        indexer,
        logger,
        prefetch: config.INDEX_PREFETCH,
        queue: config.INDEX_QUEUE,
        queueExpiresMs: config.INDEX_QUEUE_EXPIRES_MS,
        metrics: indexMetrics,
        observer: consumerObserver({ registry: metrics.registry, logger, accessLog: config.ACCESS_LOG }),
      });
      const prune = setInterval(() => {
        const before = new Date(Date.now() - config.PROCESSED_EVENTS_RETENTION_HOURS * 3_600_000);
        indexStore.pruneProcessedEvents(before).catch((err) => logger.warn({ err: (err as Error).message }, 'pruning processed events failed'));
        indexStore.pruneEmptyWords().catch((err) => logger.warn({ err: (err as Error).message }, 'pruning dictionary words failed'));
      }, 3_600_000);
      prune.unref();
      logger.info({ http: server.port, grpc: grpcServer.port }, 'search service started');
      const connection = amqp;
      return {
        httpPort: server.port,
        grpcPort: grpcServer.port,
        amqp: connection,
        consumer,
        async stop() {
          accepting = false;
          clearInterval(prune);
          await consumer.stop();
          await Promise.all([server.close(config.SHUTDOWN_GRACE_MS), grpcServer.close(config.SHUTDOWN_GRACE_MS)]);
          await connection.close();
          await Promise.all([searchDb.$disconnect(), indexDb.$disconnect()]);
          logger.info('search service stopped');
        },
      };
    },
  };
}
