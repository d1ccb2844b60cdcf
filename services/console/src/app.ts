/**
 * The console process: the pages (HTTP, behind the gateway's /console) and the admin listener (/healthz, /readyz,
 * /metrics from @studio/process), on the core (core.ts). Ready when studio's gRPC server answers its health check:
 * without studio no page can be answered. No database, no broker, no gRPC server. Start and stop order, and the
 * listeners at the config's host and ports: @studio/process.
 */
import { defineProcess, type ProcessInstance } from '@studio/process';
import type { ConsoleConfig } from './config.js';
import { createConsoleCore, type ConsoleCore, type ConsoleDeps } from './core.js';
import { buildHttpApp } from './http/http-app.js';

export type ConsoleApp = ProcessInstance<ConsoleCore>;

export const consoleProcess = defineProcess<ConsoleConfig, ConsoleDeps, ConsoleCore>({
  name: 'console',
  build(config, deps) {
    const core = createConsoleCore(config, deps);
    return {
      core,
      http: { app: buildHttpApp(core) },
      readiness: { studio_grpc: () => core.accounts.checkHealth() },
      expose: core,
    };
  },
});

export const createConsole = (config: ConsoleConfig, deps: ConsoleDeps = {}): ConsoleApp => consoleProcess.create(config, deps);
