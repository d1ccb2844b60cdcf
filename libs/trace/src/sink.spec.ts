import { afterEach, describe, expect, it } from 'vitest';
import { startCall } from './context.js';
import { httpServerSpan, setSpanSink, spanSink, spanSinkFor, type FinishedSpan } from './sink.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';

afterEach(() => setSpanSink(null));

describe('the span sink', () => {
  it('is off by default: no sink for any span, so the hops build nothing', () => {
    expect(spanSink()).toBeNull();
    expect(spanSinkFor(startCall({ traceparent: `00-${TRACE}-${SPAN}-01` }))).toBeNull();
  });

  it('answers the registered sink for a sampled span only', () => {
    const got: FinishedSpan[] = [];
    setSpanSink((s) => got.push(s));
    const sampled = startCall({ traceparent: `00-${TRACE}-${SPAN}-01` });
    expect(spanSinkFor(sampled)).toBeTypeOf('function');
    expect(spanSinkFor(startCall({ traceparent: `00-${TRACE}-${SPAN}-00` }))).toBeNull();
    expect(spanSinkFor(undefined)).toBeNull();
    expect(spanSinkFor(startCall())).toBeTypeOf('function'); // a trace started here is sampled
    setSpanSink(null);
    expect(spanSinkFor(sampled)).toBeNull();
  });
});

describe('httpServerSpan', () => {
  it('names the span by method and route, and marks 5xx (only) as an error', () => {
    const ctx = startCall({ traceparent: `00-${TRACE}-${SPAN}-01` });
    expect(httpServerSpan(ctx, 'POST', '/api/v1/clients', 201, 12.5)).toEqual({
      ids: ctx,
      name: 'POST /api/v1/clients',
      kind: 'server',
      durationMs: 12.5,
      attributes: { 'http.request.method': 'POST', 'http.route': '/api/v1/clients', 'http.response.status_code': 201 },
      error: undefined,
    });
    expect(httpServerSpan(ctx, 'GET', null, 404, 1)).toMatchObject({
      name: 'GET',
      error: undefined,
      attributes: { 'http.route': undefined },
    });
    expect(httpServerSpan(ctx, 'GET', '/x', 503, 1, { 'studio.upstream': 'search' })).toMatchObject({
      error: '503',
      attributes: { 'studio.upstream': 'search' },
    });
  });
});
