/** Every domain service of upload, built over the stores, object storage and studio's shoot directory. */
import type { Logger } from '@studio/logger';
import { CullJobService } from './cull-job.service.js';
import type { ServiceDeps } from './deps.js';
import { DerivativeService } from './derivative.service.js';
import { PhotoService } from './photo.service.js';
import { UploadSessionService } from './upload-session.service.js';

export interface Services {
  photos: PhotoService;
  sessions: UploadSessionService;
  cullJobs: CullJobService;
  derivatives: DerivativeService;
}

export function createServices(deps: ServiceDeps, logger: Logger): Services {
  return {
    photos: new PhotoService(deps, logger),
    sessions: new UploadSessionService(deps, logger),
    cullJobs: new CullJobService(deps, logger),
    derivatives: new DerivativeService(deps, logger),
  };
}
