/**
 * Typed client of the black-box stack's control server (test/support/stack-control-server.ts, started by
 * test/global-setup.ts): kill / start / restart the stack's processes and cut / stall / restore its connection to
 * RabbitMQ, from a test. Anything a test changes here it must put back in `afterAll` (the next test file uses the
 * same stack): `restart(name)` brings a process back with the stack's own configuration, `restoreBroker()` heals
 * the broker path.
 *
 *   const control = stackControl();
 *   await control.kill('webhooks-worker');                       // SIGKILL, resolves once it has exited
 *   await control.start('webhooks-worker', { DISPATCH_LEASE_MS: '12000' });
 *   await control.restart('studio');                              // graceful SIGTERM, start, wait until ready
 *   await control.cutBroker(); ... await control.restoreBroker();
 */
import { inject } from 'vitest';
import type { ProcessName } from '../../scripts/lib/stack.js';
import type { BrokerState } from './stack-control-server.js';

export type { ProcessName } from '../../scripts/lib/stack.js';
export type KillSignal = 'SIGKILL' | 'SIGTERM' | 'SIGINT';

export interface ProcessInfo {
  name: ProcessName;
  pid: number | null;
  running: boolean;
  env_overrides: Record<string, string>;
}

export interface Killed {
  name: ProcessName;
  pid: number | null;
  exit_code: number | null;
  signal: string | null;
}

export interface Started {
  name: ProcessName;
  pid: number | null;
  env_overrides: Record<string, string>;
}

export interface StackControl {
  url: string;
  processes(): Promise<ProcessInfo[]>;
  /** Sends the signal (SIGKILL by default) and resolves once the process has exited; it stays down until started. */
  kill(name: ProcessName, signal?: KillSignal): Promise<Killed>;
  /** Starts a stopped process (optionally with extra environment for this launch) and waits until it is ready. */
  start(name: ProcessName, env?: Record<string, string>): Promise<Started>;
  /** Graceful SIGTERM, then start (with `env` for this launch, else the stack's configuration), wait until ready. */
  restart(name: ProcessName, env?: Record<string, string>): Promise<Started>;
  broker(): Promise<BrokerState>;
  /** Drops every connection of this stack to RabbitMQ and refuses new ones. */
  cutBroker(): Promise<void>;
  /** Accepts connections to RabbitMQ but forwards nothing (a hung broker). */
  stallBroker(): Promise<void>;
  restoreBroker(): Promise<void>;
}

export function stackControl(url: string = inject('stackControlUrl')): StackControl {
  const call = async <T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> => {
    const res = await fetch(url + path, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { ok: boolean; error?: string } & T;
    if (!res.ok || !json.ok) throw new Error(`stack control ${method} ${path}: ${res.status} ${json.error ?? ''}`);
    return json;
  };
  const name = (n: ProcessName) => encodeURIComponent(n);
  return {
    url,
    processes: async () => (await call<{ processes: ProcessInfo[] }>('GET', '/processes')).processes,
    kill: (n, signal = 'SIGKILL') => call<Killed>('POST', `/processes/${name(n)}/kill?signal=${signal}`),
    start: (n, env) => call<Started>('POST', `/processes/${name(n)}/start`, env ? { env } : {}),
    restart: (n, env) => call<Started>('POST', `/processes/${name(n)}/restart`, env ? { env } : {}),
    broker: async () => (await call<{ state: BrokerState }>('GET', '/broker')).state,
    cutBroker: async () => void (await call('POST', '/broker/cut')),
    stallBroker: async () => void (await call('POST', '/broker/stall')),
    restoreBroker: async () => void (await call('POST', '/broker/restore')),
  };
}
