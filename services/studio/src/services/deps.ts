/** What every service is built from. */
import type { CursorCodec } from '@studio/cursor';
import type { OutboxRelay } from '@studio/amqp/outbox';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';

export interface ServiceDeps {
  db: Database;
  stores: Stores;
  cursor: CursorCodec;
  /** Wakes the outbox relay after a commit. */
  events: Pick<OutboxRelay, 'nudge'>;
  /** The current time (injectable for tests). */
  now?: () => Date;
}

export const systemClock = (): Date => new Date();
