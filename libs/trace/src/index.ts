/**
 * @studio/trace: the W3C `traceparent` codec and the per-call context (request id + trace context) that HTTP,
 * gRPC and RabbitMQ hops continue and hand on, and the optional span sink the hops report finished spans to (an
 * exporter registers it: `@studio/telemetry`). No dependencies.
 */
export * from './traceparent.js';
export * from './context.js';
export * from './sink.js';
