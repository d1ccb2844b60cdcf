/**
 * The call context: the request id and the W3C trace context of the work in progress, kept in an
 * AsyncLocalStorage so it follows the call through awaits. Every hop that takes work (an HTTP request, a gRPC
 * call, a RabbitMQ message) starts a context from what the caller sent: the caller's trace is continued with a
 * new span id of this hop (the caller's span becomes the parent), or a new trace starts when nothing valid came.
 * Every hop that hands work on sends `x-request-id` and `traceparent` naming the current span.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { FLAG_SAMPLED, formatTraceparent, newSpanId, newTraceId, parseTraceparent, TRACEPARENT_HEADER } from './traceparent.js';

export const REQUEST_ID_HEADER = 'x-request-id';

export interface CallContext {
  requestId: string;
  traceId: string;
  /** This hop's span. */
  spanId: string;
  /** The caller's span (null when this hop started the trace). */
  parentSpanId: string | null;
  flags: number;
}

/** What a caller sent: header values as they arrive (strings, arrays, Buffers or nothing). */
export interface IncomingCarrier {
  requestId?: unknown;
  traceparent?: unknown;
}

const storage = new AsyncLocalStorage<CallContext>();

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;

function text(value: unknown): unknown {
  if (Buffer.isBuffer(value)) return value.toString('utf8');
  return value;
}

/** Accepts a caller-supplied request id only when it is short and plain; otherwise makes a new one. */
export function requestIdFrom(value: unknown): string {
  const v = text(value);
  return typeof v === 'string' && REQUEST_ID_RE.test(v) ? v : randomUUID();
}

/** A new context for work taken from a caller: continues a valid trace (new span), else starts one. */
export function startCall(carrier: IncomingCarrier = {}): CallContext {
  const parent = parseTraceparent(text(carrier.traceparent));
  return {
    requestId: requestIdFrom(carrier.requestId),
    traceId: parent?.traceId ?? newTraceId(),
    spanId: newSpanId(),
    parentSpanId: parent?.spanId ?? null,
    flags: parent ? parent.flags & FLAG_SAMPLED : FLAG_SAMPLED,
  };
}

/** Header values of work taken from a caller, by lower-case name: HTTP headers, gRPC metadata, AMQP message headers. */
export type IncomingHeaders = Readonly<Record<string, unknown>>;

/** startCall from the `x-request-id` and `traceparent` headers a caller sent, whichever transport carried them. */
export function startCallFrom(headers: IncomingHeaders): CallContext {
  return startCall({ requestId: headers[REQUEST_ID_HEADER], traceparent: headers[TRACEPARENT_HEADER] });
}

export function runInContext<T>(ctx: CallContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

export function currentContext(): CallContext | undefined {
  return storage.getStore();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

/** The `traceparent` to hand on from `ctx` (the current span is the next hop's parent). */
export function traceparentOf(ctx: CallContext): string {
  return formatTraceparent({ traceId: ctx.traceId, spanId: ctx.spanId, flags: ctx.flags });
}

export function currentTraceparent(): string | undefined {
  const ctx = storage.getStore();
  return ctx ? traceparentOf(ctx) : undefined;
}

/** Headers (HTTP, gRPC metadata, AMQP) that carry `ctx` to the next hop; empty outside any call. */
export function propagationHeaders(ctx: CallContext | undefined = storage.getStore()): Record<string, string> {
  if (!ctx) return {};
  return { [REQUEST_ID_HEADER]: ctx.requestId, [TRACEPARENT_HEADER]: traceparentOf(ctx) };
}

/** The log fields of a context (snake_case, as every JSON log line spells them). */
export function logFields(ctx: CallContext | undefined = storage.getStore()): Record<string, string> {
  if (!ctx) return {};
  const fields: Record<string, string> = { request_id: ctx.requestId, trace_id: ctx.traceId, span_id: ctx.spanId };
  if (ctx.parentSpanId) fields.parent_span_id = ctx.parentSpanId;
  return fields;
}
