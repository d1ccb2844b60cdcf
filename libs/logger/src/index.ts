/**
 * @studio/logger: JSON logs (pino) with the request id of the current call attached automatically.
 * The request id lives in an AsyncLocalStorage so it follows the call through awaits, gRPC and AMQP code.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import { pino, type Logger, type LevelWithSilent } from 'pino';

export type { Logger };

interface RequestContext {
  requestId: string;
}
const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestId<T>(requestId: string, fn: () => T): T {
  return storage.run({ requestId }, fn);
}
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

const REQUEST_ID_RE = /^[A-Za-z0-9._:-]{1,128}$/;
/** Accepts a caller-supplied request id only when it is short and plain; otherwise makes a new one. */
export function requestIdFrom(value: unknown): string {
  return typeof value === 'string' && REQUEST_ID_RE.test(value) ? value : randomUUID();
}

export interface LoggerOptions {
  service: string;
  level?: LevelWithSilent;
}
export function createLogger({ service, level = 'info' }: LoggerOptions): Logger {
  return pino({
    level,
    base: { service },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label) => ({ level: label }) },
    mixin() {
      const id = currentRequestId();
      return id ? { request_id: id } : {};
    },
  });
}
