/**
 * The span sink: an optional receiver of every span this process finishes. The code that already measures a hop
 * (an HTTP request, a gRPC call, a consumed message, an outbox publish, a webhook delivery attempt) reports it
 * here when it ends, with the ids of its call context, so an exporter (`@studio/telemetry`: OpenTelemetry over
 * OTLP) can send the project's own spans, ids unchanged, to a collector.
 *
 * Off by default, and then free: `spanSinkFor` is one null check, and callers build the span (name, attributes)
 * only when it returned a sink. Spans of an unsampled trace (traceparent flags 00) are never reported.
 */
import type { CallContext } from './context.js';
import { FLAG_SAMPLED } from './traceparent.js';

/** OpenTelemetry's span kinds. */
export type SpanKindName = 'server' | 'client' | 'producer' | 'consumer' | 'internal';

export type SpanAttributeValue = string | number | boolean;
/** OpenTelemetry semantic-convention names (`http.request.method`, ...); undefined values are left out. */
export type SpanAttributes = Record<string, SpanAttributeValue | undefined>;

/** The ids of a span: a CallContext is one. */
export type SpanIds = Pick<CallContext, 'traceId' | 'spanId' | 'parentSpanId' | 'flags'>;

export interface FinishedSpan {
  ids: SpanIds;
  name: string;
  kind: SpanKindName;
  /** How long it lasted, ms (the hop's own measurement). */
  durationMs: number;
  /** When it ended, epoch ms (fractional); absent: when the sink received it. */
  endTime?: number;
  attributes: SpanAttributes;
  /** Set when the span failed: a short description (a status name, never user data). */
  error?: string;
}

export type SpanSink = (span: FinishedSpan) => void;

let sink: SpanSink | null = null;

/** Registers the process's sink (one per process; null switches reporting off). */
export function setSpanSink(next: SpanSink | null): void {
  sink = next;
}

/** The registered sink, or null (for hops that learn their ids only later, e.g. the outbox relay). */
export function spanSink(): SpanSink | null {
  return sink;
}

/**
 * The sink to report the span `ids` to, or null when nothing is registered or the trace is not sampled. Call it
 * when the hop ends and build the span only when it answered a sink.
 */
export function spanSinkFor(ids: SpanIds | undefined): SpanSink | null {
  if (sink === null || ids === undefined || (ids.flags & FLAG_SAMPLED) === 0) return null;
  return sink;
}

/** OpenTelemetry's HTTP server span (semantic conventions: name `METHOD route`, 5xx is an error). */
export function httpServerSpan(
  ids: SpanIds,
  method: string,
  route: string | null,
  status: number,
  durationMs: number,
  extra?: SpanAttributes,
): FinishedSpan {
  return {
    ids,
    name: route ? `${method} ${route}` : method,
    kind: 'server',
    durationMs,
    attributes: { 'http.request.method': method, 'http.route': route ?? undefined, 'http.response.status_code': status, ...extra },
    error: status >= 500 ? String(status) : undefined,
  };
}
