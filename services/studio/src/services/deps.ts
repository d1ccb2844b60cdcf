/** What every service is built from. */
import type { CursorCodec } from '@studio/cursor';
import type { EventNotifier } from '../events/domain-events.js';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';

export interface ServiceDeps {
  db: Database;
  stores: Stores;
  cursor: CursorCodec;
  events: EventNotifier;
  /** The current time (injectable for tests). */
  now?: () => Date;
}

export const systemClock = (): Date => new Date();
