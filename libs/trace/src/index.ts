/**
 * @studio/trace: the W3C `traceparent` codec and the per-call context (request id + trace context) that HTTP,
 * gRPC and RabbitMQ hops continue and hand on. No dependencies; no exporter (logs carry the ids).
 */
export * from './traceparent.js';
export * from './context.js';
