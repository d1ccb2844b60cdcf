/** What every upload service is built from. */
import type { UploadConfig } from '../config.js';
import type { OutboxRelay } from '@studio/amqp/outbox';
import type { ShootDirectory } from '@studio/grpc/studio-shoots';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';
import type { ObjectStorage } from './storage.service.js';

export interface ServiceDeps {
  config: UploadConfig;
  db: Database;
  stores: Stores;
  storage: ObjectStorage;
  shoots: ShootDirectory;
  /** Wakes the outbox relay after a commit. */
  events: Pick<OutboxRelay, 'nudge'>;
  /** The current time (injectable for tests). */
  now?: () => Date;
}

export const systemClock = (): Date => new Date();
