/**
 * The dispatcher process (see app.ts): claims due deliveries and POSTs them (several replicas are safe); /healthz,
 * /readyz and /metrics on WEBHOOKS_WORKER_ADMIN_PORT. On SIGTERM it stops claiming, finishes the deliveries in flight
 * (up to WEBHOOKS_WORKER_SHUTDOWN_GRACE_MS), writes their outcomes and exits; anything unfinished returns when its
 * lease ends.
 */
import { runProcess } from '@studio/process';
import { webhooksWorkerProcess } from './app.js';
import { loadWebhooksWorkerConfig } from './config.js';

await runProcess(webhooksWorkerProcess, loadWebhooksWorkerConfig());
