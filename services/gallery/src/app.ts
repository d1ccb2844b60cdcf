/**
 * The gallery process: HTTP (galleries, albums, portal and client sessions behind the gateway), gRPC (IndexSource)
 * and the outbox relay, on the core (core.ts). Start and stop order, and the listeners at the config's host and
 * ports: @studio/process.
 */
import { startIdempotencySweeper } from '@studio/idempotency';
import { apiAppOptions, defineProcess, type ProcessInstance } from '@studio/process';
import type { GalleryConfig } from './config.js';
import { createGalleryCore, type GalleryCore, type GalleryDeps } from './core.js';
import { GALLERY_GRPC_CALLERS } from './grpc/callers.grpc.js';
import { registerIndexSource } from './grpc/index-source.grpc.js';
import { buildHttpApp } from './http/http-app.js';

export { createGalleryCore, type GalleryCore, type GalleryDeps };

export type Gallery = ProcessInstance<GalleryCore>;

export const galleryProcess = defineProcess<GalleryConfig, GalleryDeps, GalleryCore>({
  name: 'gallery',
  build(config, deps) {
    const core = createGalleryCore(config, deps);
    const { logger, db, stores, services, relay } = core;
    const httpApp = buildHttpApp({ services, idempotency: stores.idempotency, ...apiAppOptions(core, config.identityPublicKey) });
    return {
      core,
      http: { app: httpApp },
      readiness: { database: () => db.ping() },
      grpc: {
        register: (server) => registerIndexSource(server, stores, logger),
        auth: { audience: 'gallery', keyring: config.serviceKeyring, allow: GALLERY_GRPC_CALLERS },
      },
      broker: { relay },
      loops: [{ name: 'idempotency-sweeper', start: () => startIdempotencySweeper({ store: stores.idempotency, logger }) }],
      expose: core,
    };
  },
});

export const createGallery = (config: GalleryConfig, deps: GalleryDeps = {}): Gallery => galleryProcess.create(config, deps);
