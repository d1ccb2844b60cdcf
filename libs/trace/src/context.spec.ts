import { describe, expect, it } from 'vitest';
import {
  currentContext,
  currentTraceparent,
  logFields,
  propagationHeaders,
  requestIdFrom,
  runInContext,
  startCall,
  startCallFrom,
} from './context.js';
import { parseTraceparent } from './traceparent.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

describe('startCall', () => {
  it('continues a valid trace with a new span whose parent is the caller span', () => {
    const ctx = startCall({ requestId: 'req-1', traceparent: `00-${TRACE}-${SPAN}-01` });
    expect(ctx.requestId).toBe('req-1');
    expect(ctx.traceId).toBe(TRACE);
    expect(ctx.parentSpanId).toBe(SPAN);
    expect(ctx.spanId).toMatch(/^[0-9a-f]{16}$/);
    expect(ctx.spanId).not.toBe(SPAN);
    expect(ctx.flags).toBe(1);
  });

  it('keeps an unsampled decision', () => {
    expect(startCall({ traceparent: `00-${TRACE}-${SPAN}-00` }).flags).toBe(0);
  });

  it('starts a new sampled trace when the traceparent is absent or invalid', () => {
    for (const traceparent of [undefined, '', `00-${TRACE.toUpperCase()}-${SPAN}-01`, `ff-${TRACE}-${SPAN}-01`]) {
      const ctx = startCall({ traceparent });
      expect(ctx.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(ctx.traceId).not.toBe(TRACE);
      expect(ctx.parentSpanId).toBeNull();
      expect(ctx.flags).toBe(1);
    }
  });

  it('reads Buffer values (AMQP headers may arrive as bytes)', () => {
    const ctx = startCall({ requestId: Buffer.from('rid-7'), traceparent: Buffer.from(`00-${TRACE}-${SPAN}-01`) });
    expect(ctx.requestId).toBe('rid-7');
    expect(ctx.traceId).toBe(TRACE);
  });
});

describe('startCallFrom', () => {
  it('reads x-request-id and traceparent from the headers a caller sent and ignores the others', () => {
    const ctx = startCallFrom({ 'x-request-id': 'req-9', traceparent: `00-${TRACE}-${SPAN}-01`, 'x-other': 'z' });
    expect(ctx.requestId).toBe('req-9');
    expect(ctx.traceId).toBe(TRACE);
    expect(ctx.parentSpanId).toBe(SPAN);
  });

  it('starts a new trace and request id when neither header came', () => {
    const ctx = startCallFrom({ requestId: 'not-a-header-name' });
    expect(ctx.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(ctx.parentSpanId).toBeNull();
  });
});

describe('requestIdFrom', () => {
  it('keeps a short plain id and replaces anything else with a UUID', () => {
    expect(requestIdFrom('abc-123.x:y_z')).toBe('abc-123.x:y_z');
    for (const bad of [undefined, '', 'a b', 'x'.repeat(129), ['a', 'b'], 'é']) expect(requestIdFrom(bad)).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('the current context', () => {
  it('follows awaits and yields the headers and log fields of the current span', async () => {
    expect(currentContext()).toBeUndefined();
    expect(propagationHeaders()).toEqual({});
    const ctx = startCall({ requestId: 'r-2', traceparent: `00-${TRACE}-${SPAN}-01` });
    await runInContext(ctx, async () => {
      await new Promise((r) => setTimeout(r, 1));
      expect(currentContext()).toBe(ctx);
      const headers = propagationHeaders();
      expect(headers['x-request-id']).toBe('r-2');
      expect(parseTraceparent(headers.traceparent)).toEqual({ traceId: TRACE, spanId: ctx.spanId, flags: 1 });
      expect(currentTraceparent()).toBe(headers.traceparent);
      expect(logFields()).toEqual({ request_id: 'r-2', trace_id: TRACE, span_id: ctx.spanId, parent_span_id: SPAN });
    });
    expect(currentContext()).toBeUndefined();
  });
});
