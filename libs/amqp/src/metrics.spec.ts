import { describe, expect, it } from 'vitest';
import client from 'prom-client';
import { createLogger } from '@studio/logger';
import { captureLogs } from '@studio/testkit/log-capture';
import { currentContext } from '@studio/trace';
import { consumerObserver, messageContext, registerOutboxBacklog } from './metrics.js';
import { outboxHeaders } from './outbox.js';

const TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const SPAN = '00f067aa0ba902b7';
const msg = (headers?: Record<string, unknown>) => ({ properties: { headers } }) as never;

describe('outboxHeaders', () => {
  it('publishes the writing call context, and nothing for a row written outside any call', () => {
    const row = { id: 'e', type: 't', workspaceId: 'w', payload: {}, createdAt: new Date() };
    expect(outboxHeaders({ ...row, requestId: 'r-1', traceparent: `00-${TRACE}-${SPAN}-01` })).toEqual({
      'x-request-id': 'r-1',
      traceparent: `00-${TRACE}-${SPAN}-01`,
    });
    expect(outboxHeaders({ ...row, requestId: null, traceparent: null })).toEqual({});
  });
});

describe('messageContext', () => {
  it('continues the publisher trace with a new span, or starts one', () => {
    const ctx = messageContext(msg({ traceparent: Buffer.from(`00-${TRACE}-${SPAN}-01`), 'x-request-id': 'r-2' }));
    expect(ctx).toMatchObject({ requestId: 'r-2', traceId: TRACE, parentSpanId: SPAN });
    expect(ctx.spanId).not.toBe(SPAN);
    const fresh = messageContext(msg(undefined));
    expect(fresh.parentSpanId).toBeNull();
    expect(fresh.traceId).not.toBe(TRACE);
  });
});

describe('consumerObserver', () => {
  it('runs the handler in the message context, records the lag and writes one access line', async () => {
    const registry = new client.Registry();
    const logs = captureLogs();
    const observer = consumerObserver({ registry, logger: createLogger({ service: 'spec', level: 'warn', destination: logs.stream }) });
    const c = observer.start('q.one', msg({ traceparent: `00-${TRACE}-${SPAN}-01` }));
    await c.run(async () => {
      await Promise.resolve();
      expect(currentContext()).toBe(c.ctx);
    });
    c.lag(new Date(Date.now() - 2000).toISOString());
    c.lag('not a date');
    c.done('acked', { event_id: 'e-1' });
    c.done('acked again');
    const [line, ...rest] = logs.lines();
    expect(rest).toEqual([]);
    expect(line).toMatchObject({
      level: 'info',
      log: 'access',
      msg: 'message',
      queue: 'q.one',
      outcome: 'acked',
      event_id: 'e-1',
      trace_id: TRACE,
      parent_span_id: SPAN,
    });
    expect(line!.lag_ms as number).toBeGreaterThanOrEqual(1900);
    const text = await registry.metrics();
    expect(text).toMatch(/amqp_consumer_lag_seconds_count\{queue="q.one"\} 1/);
    // Settled once (the second done is ignored), counted by outcome: the dead-letter rate alert reads this.
    expect(text).toMatch(/amqp_messages_total\{queue="q.one",outcome="acked"\} 1\n/);
    const d = observer.start('q.one', msg({}));
    d.done('dead_lettered');
    expect(await registry.metrics()).toMatch(/amqp_messages_total\{queue="q.one",outcome="dead_lettered"\} 1\n/);
    // A second observer on the same registry shares the histogram instead of failing on a duplicate name.
    expect(() => consumerObserver({ registry })).not.toThrow();
  });
});

describe('registerOutboxBacklog', () => {
  it('reads the backlog on scrape; NaN when the store cannot answer', async () => {
    const registry = new client.Registry();
    let fail = false;
    registerOutboxBacklog(
      registry,
      { backlog: async () => (fail ? Promise.reject(new Error('down')) : { pending: 3, oldest: new Date(Date.now() - 10_000) }) },
      0,
    );
    let text = await registry.metrics();
    expect(text).toMatch(/^outbox_pending_events 3$/m);
    const age = Number(/^outbox_oldest_pending_age_seconds (\S+)$/m.exec(text)![1]);
    expect(age).toBeGreaterThanOrEqual(9.9);
    fail = true;
    text = await registry.metrics();
    expect(text).toMatch(/^outbox_pending_events Nan$/m);
  });
});
