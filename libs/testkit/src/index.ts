export * from './db.js';
export * from './tcp-proxy.js';
export * from './test-config.js';
