/** The gateway's Prometheus metrics: the shared HTTP latency histogram plus limiter, auth and upstream counters. */
import type client from 'prom-client';
import { createMetrics, type HttpMetrics } from '@studio/http/metrics';
import { counter } from '@studio/metrics';

export interface GatewayMetrics extends HttpMetrics {
  rateLimitRefusals: { limit: client.Counter.Internal; unavailable: client.Counter.Internal; authFailures: client.Counter.Internal };
  authCache: { hit: client.Counter.Internal; miss: client.Counter.Internal };
  upstreamErrors: client.Counter<'upstream'>;
  idempotency: client.Counter<'outcome'>;
}

export function createGatewayMetrics(): GatewayMetrics {
  const base = createMetrics('gateway');
  const refusals = counter(base.registry, {
    name: 'gateway_rate_limit_refusals_total',
    help: 'Requests refused by the rate limiter: over the limit, the limiter unavailable (fail-closed), or too many failed authentications from the address',
    labelNames: ['reason'] as const,
  });
  const authCache = counter(base.registry, {
    name: 'gateway_auth_cache_lookups_total',
    help: 'Bearer lookups answered from the in-process cache (hit) or by studio over gRPC (miss)',
    labelNames: ['result'] as const,
  });
  const upstreamErrors = counter(base.registry, {
    name: 'gateway_upstream_errors_total',
    help: 'Proxied requests that failed to reach an upstream or got no complete answer',
    labelNames: ['upstream'] as const,
  });
  const idempotency = counter(base.registry, {
    name: 'gateway_idempotency_total',
    help: 'Idempotency-Key outcomes: acquired, replayed, mismatch (422), busy (409), unavailable',
    labelNames: ['outcome'] as const,
  });
  return {
    ...base,
    // Bound children: no label hashing on the hot path.
    rateLimitRefusals: {
      limit: refusals.labels('limit'),
      unavailable: refusals.labels('unavailable'),
      authFailures: refusals.labels('auth_failures'),
    },
    authCache: { hit: authCache.labels('hit'), miss: authCache.labels('miss') },
    upstreamErrors,
    idempotency,
  };
}
