/**
 * The webhook-dispatch API process (see app.ts): HTTP API, fan-out consumer and gRPC health. Configuration parsed
 * once, then @studio/process runs it; the dispatcher runs as its own process (worker.ts).
 */
import { runProcess } from '@studio/process';
import { webhooksProcess } from './app.js';
import { loadWebhooksConfig } from './config.js';

await runProcess(webhooksProcess, loadWebhooksConfig());
