/** Every domain service of gallery, built over the stores, the presigner and the studio/upload clients. */
import { ClientSessionService } from './client-session.service.js';
import type { ServiceDeps } from './deps.js';
import { GalleryService } from './gallery.service.js';
import { OperatorService } from './operator.service.js';

export interface Services {
  galleries: GalleryService;
  sessions: ClientSessionService;
  operator: OperatorService;
}

export function createServices(deps: ServiceDeps): Services {
  return {
    galleries: new GalleryService(deps),
    sessions: new ClientSessionService(deps),
    operator: new OperatorService(deps),
  };
}
