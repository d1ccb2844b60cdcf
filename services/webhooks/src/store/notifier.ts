/**
 * LISTEN for new or replayed deliveries on a dedicated connection, so an idle dispatcher wakes within
 * milliseconds instead of waiting for its next poll. Reconnects with backoff; while it is down the
 * dispatcher's poll still finds every due delivery (NOTIFY is only a latency hint, never the source of truth).
 */
import pg from 'pg';
import type { Logger } from '@studio/logger';
import { DELIVERY_CHANNEL } from './delivery.store.js';

export interface DeliveryNotifier {
  /** Calls `fn` on every notification. */
  onWake(fn: () => void): void;
  isListening(): boolean;
  close(): Promise<void>;
}

export function startDeliveryNotifier(url: string, logger: Logger): DeliveryNotifier {
  const listeners: (() => void)[] = [];
  let client: pg.Client | null = null;
  let listening = false;
  let closed = false;
  let delay = 200;
  let timer: NodeJS.Timeout | null = null;

  const wake = () => {
    for (const fn of listeners) fn();
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000, keepAlive: true });
    client = c;
    c.on('notification', wake);
    c.on('error', (err) => {
      logger.warn({ err: err.message }, 'delivery notifier connection failed');
      drop(c);
    });
    c.on('end', () => drop(c));
    try {
      await c.connect();
      await c.query(`LISTEN ${DELIVERY_CHANNEL}`);
      listening = true;
      delay = 200;
      wake(); // anything written while we were not listening
    } catch (err) {
      logger.warn({ err: (err as Error).message }, 'delivery notifier could not listen; retrying');
      drop(c);
    }
  };

  const drop = (c: pg.Client) => {
    if (client !== c) return;
    client = null;
    listening = false;
    c.removeAllListeners('notification');
    c.end().catch(() => undefined);
    if (closed) return;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
    delay = Math.min(delay * 2, 5000);
  };

  void connect();
  return {
    onWake(fn) {
      listeners.push(fn);
    },
    isListening: () => listening,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      const c = client;
      client = null;
      listening = false;
      if (c) await c.end().catch(() => undefined);
    },
  };
}
