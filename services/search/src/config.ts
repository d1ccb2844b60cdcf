/**
 * Search service configuration: every value comes from the environment, parsed once with zod. Each has a
 * local default; a bad value stops the process with one line naming the variable (see @studio/config).
 */
import { z } from 'zod';
import { env, loadConfig, parseConfig, serviceEnv, serviceSettings } from '@studio/config';
import { secretEnv } from '@studio/config/secrets';

/**
 * An IndexSource server: `service=host:port`. The service's name is the audience of the rebuild's gRPC service
 * tokens (each server admits only tokens made for it).
 */
export const SOURCE_RE = /^([a-z][a-z0-9-]{0,62})=([A-Za-z0-9.-]+:\d{1,5})$/;

export interface SourceAddress {
  service: string;
  address: string;
}

/** `studio=127.0.0.1:7201` -> { service, address }, or null. */
export function parseSource(text: string): SourceAddress | null {
  const m = SOURCE_RE.exec(text.trim());
  return m ? { service: m[1]!, address: m[2]! } : null;
}

/** Comma-separated `service=host:port` list of IndexSource gRPC servers (the rebuild command's default sources). */
const sourceList = (def: string) => env.list(def, parseSource, 'must be a comma-separated list of service=host:port');

export const searchEnvSchema = z
  .object({
    /** SEARCH_HOST, SEARCH_HTTP_PORT, SEARCH_GRPC_PORT, SEARCH_ADMIN_PORT, DATABASE_URL, DATABASE_POOL_SIZE, AMQP_URL, ... */
    ...serviceEnv('search', { http: 7104, grpc: 7204, admin: 7304 }),

    /** A search statement running longer than this is cancelled (the caller gets 503, never a hung request). */
    SEARCH_STATEMENT_TIMEOUT_MS: env.int(2000, 10),

    /** The consumer's durable queue (its dead-letter queue is `<name>.dlq`). Tests use their own names. */
    INDEX_QUEUE: z
      .string()
      .regex(/^[A-Za-z0-9._:-]{1,200}$/, 'must be 1..200 of [A-Za-z0-9._:-]')
      .default('search.index'),
    /**
     * When set (ms), the queue and its dead-letter queue are deleted by the broker after that long without a
     * consumer: for the per-stack queues of local stacks and tests. 0 (production): never.
     */
    INDEX_QUEUE_EXPIRES_MS: env.int(0, 0),
    /** Messages the index consumer holds unacknowledged (and processes concurrently) at once. */
    INDEX_PREFETCH: env.int(8, 1),
    /** Processed event ids are kept this long for de-duplication. */
    PROCESSED_EVENTS_RETENTION_HOURS: env.int(24 * 7, 1),

    /** The gateway's public key: caller identities (x-studio-identity) are verified with it. */
    IDENTITY_PUBLIC_KEY: secretEnv.publicKey(),
    CURSOR_SECRET: secretEnv.text(),
    /** This process's key for its calls to the IndexSource servers (the rebuild command's gRPC service tokens). */
    SERVICE_SIGNING_KEY: secretEnv.signingKey(),

    /** IndexSource servers the rebuild command streams from when no --source is given (studio, gallery). */
    INDEX_SOURCES: sourceList('studio=127.0.0.1:7201,gallery=127.0.0.1:7202'),
    /** Deadline of one whole StreamDocuments call. */
    REBUILD_STREAM_TIMEOUT_MS: env.int(30 * 60_000, 1000),
  })
  .transform((e) => ({
    ...serviceSettings(e, 'search'),
    searchStatementTimeoutMs: e.SEARCH_STATEMENT_TIMEOUT_MS,
    /** The index consumer: its queue, how much it takes at once, how long processed event ids are kept. */
    index: {
      queue: e.INDEX_QUEUE,
      queueExpiresMs: e.INDEX_QUEUE_EXPIRES_MS,
      prefetch: e.INDEX_PREFETCH,
      processedEventsRetentionHours: e.PROCESSED_EVENTS_RETENTION_HOURS,
    },
    identityPublicKey: e.IDENTITY_PUBLIC_KEY,
    cursorSecret: e.CURSOR_SECRET,
    serviceKey: e.SERVICE_SIGNING_KEY,
    /** The rebuild command's default IndexSource addresses and its per-stream deadline. */
    rebuild: { sources: e.INDEX_SOURCES, streamTimeoutMs: e.REBUILD_STREAM_TIMEOUT_MS },
  }));

export type SearchConfig = z.output<typeof searchEnvSchema>;

/** Parses the process environment once; prints one line naming a bad variable and exits. */
export function loadSearchConfig(source: Record<string, string | undefined> = process.env): SearchConfig {
  return loadConfig(searchEnvSchema, source);
}

/** Parses without exiting (tests pass overrides); throws ConfigError naming the variable. */
export function parseSearchConfig(source: Record<string, string | undefined> = {}): SearchConfig {
  return parseConfig(searchEnvSchema, source);
}
