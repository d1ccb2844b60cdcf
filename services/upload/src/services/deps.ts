/** What every upload service is built from: the database, stores, outbox and clock of every service, and its clients. */
import type { ServiceDeps as CommonServiceDeps } from '@studio/process/core';
import type { ShootDirectory } from '@studio/grpc/studio-shoots';
import type { UploadConfig } from '../config.js';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';
import type { ObjectStorage } from './storage.service.js';

export { systemClock } from '@studio/process/core';

export interface ServiceDeps extends CommonServiceDeps<Database, Stores> {
  config: UploadConfig;
  storage: ObjectStorage;
  shoots: ShootDirectory;
}
