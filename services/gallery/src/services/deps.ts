/** What every gallery service is built from: the database, stores, outbox and clock of every service, and its clients. */
import type { ServiceDeps as CommonServiceDeps } from '@studio/process/core';
import type { S3Presigner } from '@studio/s3-presign';
import type { ShootDirectory } from '@studio/grpc/studio-shoots';
import type { GalleryConfig } from '../config.js';
import type { KeeperSource } from '../grpc/upload.client.js';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';

export { systemClock } from '@studio/process/core';

export interface ServiceDeps extends CommonServiceDeps<Database, Stores> {
  config: GalleryConfig;
  presigner: S3Presigner;
  shoots: ShootDirectory;
  keepers: KeeperSource;
}
