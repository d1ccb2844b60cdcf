export * from './server.js';
export * from './route.js';
export * from './schemas.js';
export { withWireFormat } from './wire-format.js';
export { createMetrics, type HttpMetrics } from './metrics.js';
