export * from './server.js';
export * from './route.js';
export * from './schemas.js';
export { exceedsJsonDepth, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE } from './json-depth.js';
export { withWireFormat } from './wire-format.js';
export { createMetrics, type HttpMetrics } from './metrics.js';
export { deprecation, deprecationHeaders, PUBLIC_DOCS_PATH, setDeprecationHeaders, type Deprecation } from './deprecation.js';
