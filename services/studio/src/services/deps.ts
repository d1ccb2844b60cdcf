/** What every studio service is built from: the database, stores, outbox and clock of every service, and the cursor codec. */
import type { CursorCodec } from '@studio/cursor';
import type { ServiceDeps as CommonServiceDeps } from '@studio/process/core';
import type { Database } from '../store/db.js';
import type { Stores } from '../store/index.js';

export { systemClock } from '@studio/process/core';

export interface ServiceDeps extends CommonServiceDeps<Database, Stores> {
  cursor: CursorCodec;
}
