/**
 * `@studio/http/server`: everything a process needs to serve HTTP, in one import: the express skeleton
 * (http-app.ts), the admin listener's app (admin-app.ts), how errors become answers (error-response.ts), listening with a graceful close (graceful-server.ts),
 * the cap on requests in flight (shed.ts).
 */
export * from './http-app.js';
export * from './admin-app.js';
export * from './error-response.js';
export * from './graceful-server.js';
export * from './with-timeout.js';
export * from './shed.js';
