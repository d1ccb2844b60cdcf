/**
 * The gateway's floor: a bare express 5 app whose only middleware is http-proxy-middleware (the versions the
 * gateway uses), forwarding every request unchanged over one keep-alive http.Agent (the gateway's settings:
 * createUpstreamAgent) to FLOOR_UPSTREAM_URL. Like the gateway it ejects the default plugins (their logger
 * plugin formats a URL per answer) and keeps only the error answer. No auth, no limiter, no helmet, no log.
 */
import http from 'node:http';
import express from 'express';
import { createProxyMiddleware, errorResponsePlugin } from 'http-proxy-middleware';
import { required, serveFloor } from './serve.js';

const agent = new http.Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 256, timeout: 60_000, scheduling: 'lifo' });
const app = express();
app.use(createProxyMiddleware({ target: required('FLOOR_UPSTREAM_URL'), agent, ejectPlugins: true, plugins: [errorResponsePlugin] }));

await serveFloor(app, async () => agent.destroy());
