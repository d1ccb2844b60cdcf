/**
 * @studio/telemetry: exports the project's own spans to OpenTelemetry. The hops already carry W3C trace context
 * (`@studio/trace`) and report each finished span to its span sink; `startTelemetry` registers that sink when an
 * OTLP endpoint is configured and turns every reported span into an OpenTelemetry `ReadableSpan` with exactly the
 * project's trace id, span id and parent span id, batched (`BatchSpanProcessor`) to the OTLP/HTTP exporter (JSON
 * encoding). No auto-instrumentation, no context manager of OpenTelemetry's: the ids on the wire and in the logs
 * are the ones that are exported.
 *
 * Off (no endpoint, or OTEL_SDK_DISABLED): nothing is registered, none of the OpenTelemetry packages is even
 * loaded, and the hops pay one null check per span. See docs/decisions/0009-observability.md.
 */
import { hostname } from 'node:os';
import type { HrTime, SpanContext, SpanKind, SpanStatus } from '@opentelemetry/api';
import type { Resource } from '@opentelemetry/resources';
import type { ReadableSpan, SpanExporter, SpanProcessor } from '@opentelemetry/sdk-trace';
import { setSpanSink, type FinishedSpan, type SpanAttributes, type SpanKindName } from '@studio/trace';

export interface TelemetryLogger {
  warn(obj: object, msg: string): void;
}

export interface TelemetryOptions {
  /** The process role (gateway, studio, upload, upload-worker, gallery, search, webhooks, webhooks-worker): `service.name`. */
  role: string;
  /** The full OTLP/HTTP traces URL (`<OTEL_EXPORTER_OTLP_ENDPOINT>/v1/traces`); null or absent: off. */
  tracesEndpoint?: string | null;
  /** Extra request headers of the export (OTEL_EXPORTER_OTLP_HEADERS), e.g. a collector's credentials. */
  headers?: Record<string, string>;
  /** OTEL_SERVICE_NAME: replaces `role` as `service.name` when set. */
  serviceName?: string | null;
  /** Delay between two batch exports, ms (OTEL_BSP_SCHEDULE_DELAY; default 5,000). */
  exportDelayMs?: number;
  /** Where export failures are reported (at most one line a minute). */
  logger?: TelemetryLogger;
  /** Exports to this exporter instead of OTLP/HTTP (tests); turns telemetry on without an endpoint. */
  exporter?: SpanExporter;
  /** Longest wait for the last export when shutting down, ms (default 5,000). */
  shutdownTimeoutMs?: number;
}

export interface Telemetry {
  /** True when spans are exported. */
  readonly enabled: boolean;
  /** Exports every span reported so far. */
  flush(): Promise<void>;
  /** Stops reporting and exports what is queued (bounded by shutdownTimeoutMs); call on graceful shutdown. */
  shutdown(): Promise<void>;
}

const OFF: Telemetry = { enabled: false, flush: async () => undefined, shutdown: async () => undefined };

/** The instrumentation scope of every exported span: the project's own hops. */
const SCOPE = { name: '@studio/trace' };

/** SpanKind of @opentelemetry/api (INTERNAL 0, SERVER 1, CLIENT 2, PRODUCER 3, CONSUMER 4). */
const KINDS: Record<SpanKindName, SpanKind> = { internal: 0, server: 1, client: 2, producer: 3, consumer: 4 };
/** SpanStatusCode of @opentelemetry/api. */
const STATUS_UNSET: SpanStatus = { code: 0 };
const STATUS_ERROR = 2;
const TRACE_FLAG_SAMPLED = 1;

/** Milliseconds (fractional; since the epoch, or a duration) -> [seconds, nanoseconds]. */
export function hrTime(ms: number): HrTime {
  let seconds = Math.floor(ms / 1000);
  let nanos = Math.round((ms - seconds * 1000) * 1e6);
  if (nanos >= 1e9) {
    seconds += 1;
    nanos -= 1e9;
  }
  return [seconds, nanos];
}

function attributesOf(a: SpanAttributes): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const key in a) {
    const v = a[key];
    if (v !== undefined) out[key] = v;
  }
  return out;
}

/**
 * The OpenTelemetry view of a span the project reported: its own ids (the parent is the caller's span, remote
 * for every hop that starts from a message, a call or a stored row; a producer span's parent is in this process).
 */
export function toReadableSpan(
  span: FinishedSpan,
  resource: Resource,
  now: number = performance.timeOrigin + performance.now(),
): ReadableSpan {
  const { ids } = span;
  const end = span.endTime ?? now;
  const durationMs = Math.max(0, span.durationMs);
  const context: SpanContext = { traceId: ids.traceId, spanId: ids.spanId, traceFlags: TRACE_FLAG_SAMPLED };
  const parent: SpanContext | undefined = ids.parentSpanId
    ? {
        traceId: ids.traceId,
        spanId: ids.parentSpanId,
        traceFlags: TRACE_FLAG_SAMPLED,
        isRemote: span.kind !== 'producer' && span.kind !== 'internal',
      }
    : undefined;
  return {
    name: span.name,
    kind: KINDS[span.kind],
    spanContext: () => context,
    parentSpanContext: parent,
    startTime: hrTime(end - durationMs),
    endTime: hrTime(end),
    duration: hrTime(durationMs),
    status: span.error === undefined ? STATUS_UNSET : { code: STATUS_ERROR, message: span.error },
    attributes: attributesOf(span.attributes),
    links: [],
    events: [],
    ended: true,
    resource,
    instrumentationScope: SCOPE,
    droppedAttributesCount: 0,
    droppedEventsCount: 0,
    droppedLinksCount: 0,
  };
}

/** Logs the same export problem at most once a minute (a collector that is down fails every batch). */
function throttledWarn(logger: TelemetryLogger | undefined): (msg: string) => void {
  const last = new Map<string, number>();
  return (msg) => {
    if (!logger) return;
    const now = Date.now();
    if ((last.get(msg) ?? 0) > now - 60_000) return;
    if (last.size > 100) last.clear();
    last.set(msg, now);
    logger.warn({ detail: msg.slice(0, 500) }, 'telemetry: span export problem');
  };
}

let active: Telemetry | null = null;

/**
 * Starts exporting this process's spans when `tracesEndpoint` (or `exporter`) is given; otherwise returns a
 * telemetry that is off and loads nothing. One per process: a second call shuts the first one down.
 */
export async function startTelemetry(options: TelemetryOptions): Promise<Telemetry> {
  if (!options.tracesEndpoint && !options.exporter) return OFF;
  if (active) await active.shutdown();

  const [{ diag, DiagLogLevel }, { resourceFromAttributes, defaultResource }, { BatchSpanProcessor }] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
  ]);
  let exporter = options.exporter;
  if (!exporter) {
    const { OTLPTraceExporter } = await import('@opentelemetry/exporter-trace-otlp-http');
    exporter = new OTLPTraceExporter({ url: options.tracesEndpoint!, headers: options.headers, keepAlive: true });
  }

  // The SDK reports failed exports through its diagnostic logger: forward warnings and errors to ours.
  const warn = throttledWarn(options.logger);
  const forward = (message: string, ...args: unknown[]) =>
    warn([message, ...args.map((a) => (a instanceof Error ? a.message : String(a)))].join(' '));
  diag.setLogger(
    { error: forward, warn: forward, info: () => undefined, debug: () => undefined, verbose: () => undefined },
    { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
  );

  const resource = defaultResource().merge(
    resourceFromAttributes({
      'service.name': options.serviceName || options.role,
      'service.instance.id': `${hostname()}:${process.pid}`,
      'process.pid': process.pid,
    }),
  );
  const processor: SpanProcessor = new BatchSpanProcessor({
    exporter,
    scheduledDelayMillis: options.exportDelayMs ?? 5000,
    maxQueueSize: 4096,
    maxExportBatchSize: 512,
  });

  setSpanSink((span) => {
    try {
      processor.onEnd(toReadableSpan(span, resource));
    } catch (err) {
      // Telemetry never fails the work it observes.
      warn(`span dropped: ${(err as Error).message}`);
    }
  });

  const timeoutMs = options.shutdownTimeoutMs ?? 5000;
  let stopped: Promise<void> | null = null;
  const telemetry: Telemetry = {
    enabled: true,
    flush: () => processor.forceFlush(),
    shutdown() {
      stopped ??= (async () => {
        setSpanSink(null);
        if (active === telemetry) active = null;
        let timer: NodeJS.Timeout | undefined;
        const deadline = new Promise<void>((resolve) => {
          timer = setTimeout(resolve, timeoutMs);
          timer.unref();
        });
        await Promise.race([processor.shutdown().catch((err: unknown) => warn(`last export failed: ${(err as Error).message}`)), deadline]);
        clearTimeout(timer);
      })();
      return stopped;
    },
  };
  active = telemetry;
  return telemetry;
}
