/**
 * W3C Trace Context `traceparent` (https://www.w3.org/TR/trace-context/#traceparent-header), parsed and
 * formatted by hand: `00-<32 hex trace-id>-<16 hex parent-id>-<2 hex flags>`, lower-case hex only.
 *
 * Parsing follows section 4.3 "Processing model": a value that is not valid is ignored (the receiver starts a
 * new trace). Invalid: version `ff`, any upper-case or non-hex character, wrong field lengths, an all-zero
 * trace-id or parent-id, and for version 00 anything but exactly 55 characters. A higher (future) version is
 * read by the version-00 layout when it is at least 55 characters and, if longer, the 56th is `-`.
 */
import { randomBytes } from 'node:crypto';

export interface SpanContext {
  /** 32 lower-case hex characters, not all zero. */
  traceId: string;
  /** 16 lower-case hex characters, not all zero: the span of the sender (the receiver's parent). */
  spanId: string;
  /** The trace-flags byte; bit 0 is `sampled`. */
  flags: number;
}

export const TRACEPARENT_HEADER = 'traceparent';
export const TRACESTATE_HEADER = 'tracestate';

/** The only flag version 00 defines; others are not propagated (spec: unknown flags are zeroed). */
export const FLAG_SAMPLED = 0x01;

const HEX2 = /^[0-9a-f]{2}$/;
const TRACE_ID = /^[0-9a-f]{32}$/;
const SPAN_ID = /^[0-9a-f]{16}$/;
const ZERO_TRACE_ID = '0'.repeat(32);
const ZERO_SPAN_ID = '0'.repeat(16);
const V00_LENGTH = 55;

export function isValidTraceId(value: string): boolean {
  return TRACE_ID.test(value) && value !== ZERO_TRACE_ID;
}

export function isValidSpanId(value: string): boolean {
  return SPAN_ID.test(value) && value !== ZERO_SPAN_ID;
}

/** Returns the span context a valid `traceparent` carries, or null for anything the spec says to ignore. */
export function parseTraceparent(value: unknown): SpanContext | null {
  if (typeof value !== 'string' || value.length < V00_LENGTH) return null;
  const version = value.slice(0, 2);
  if (!HEX2.test(version) || version === 'ff') return null;
  if (version === '00' && value.length !== V00_LENGTH) return null;
  if (value.length > V00_LENGTH && value[V00_LENGTH] !== '-') return null;
  if (value[2] !== '-' || value[35] !== '-' || value[52] !== '-') return null;
  const traceId = value.slice(3, 35);
  const spanId = value.slice(36, 52);
  const flags = value.slice(53, 55);
  if (!isValidTraceId(traceId) || !isValidSpanId(spanId) || !HEX2.test(flags)) return null;
  return { traceId, spanId, flags: Number.parseInt(flags, 16) };
}

/** Formats a version-00 `traceparent`; only the sampled flag is carried. */
export function formatTraceparent(ctx: SpanContext): string {
  const flags = (ctx.flags & FLAG_SAMPLED).toString(16).padStart(2, '0');
  return `00-${ctx.traceId}-${ctx.spanId}-${flags}`;
}

/**
 * Ids come from a pool of random bytes refilled 4 KiB at a time: one CSPRNG call per ~340 spans instead of one
 * per id (as randomUUID does). Every request makes at least one span id, so this is on the hot path.
 */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = POOL_BYTES;

function randomHex(bytes: number): string {
  for (;;) {
    if (offset + bytes > pool.length) {
      pool = randomBytes(POOL_BYTES);
      offset = 0;
    }
    const hex = pool.toString('hex', offset, offset + bytes);
    offset += bytes;
    if (/[^0]/.test(hex)) return hex; // all-zero ids are invalid (and a 2^-64 event)
  }
}

export function newTraceId(): string {
  return randomHex(16);
}

export function newSpanId(): string {
  return randomHex(8);
}
