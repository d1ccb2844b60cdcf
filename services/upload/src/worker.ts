/**
 * The upload worker process (see app.ts): competing consumers of the derivative and AI-job work queues (run as many
 * replicas as you like). On SIGTERM it stops taking jobs, finishes and acks the ones in hand, publishes pending
 * events and exits; a job cut short by a crash is redelivered by the broker to another replica.
 */
import { runProcess } from '@studio/process';
import { uploadWorkerProcess } from './app.js';
import { loadUploadWorkerConfig } from './config.js';

await runProcess(uploadWorkerProcess, loadUploadWorkerConfig());
