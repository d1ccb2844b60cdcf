/** What every gallery service is built from. */
import type { S3Presigner } from '@studio/s3-presign';
import type { GalleryConfig } from '../config.js';
import type { OutboxRelay } from '@studio/amqp/outbox';
import type { ShootDirectory } from '@studio/grpc/studio-shoots';
import type { KeeperSource } from '../grpc/upload.client.js';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';

export interface ServiceDeps {
  config: GalleryConfig;
  db: Database;
  stores: Stores;
  presigner: S3Presigner;
  shoots: ShootDirectory;
  keepers: KeeperSource;
  /** Wakes the outbox relay after a commit. */
  events: Pick<OutboxRelay, 'nudge'>;
  /** The current time (injectable for tests). */
  now?: () => Date;
}

export const systemClock = (): Date => new Date();
