/**
 * upload.v1.UploadInternal (proto/upload/v1/upload.proto), for other services only: ListReadyKeepers.
 * Proto3 has no null: an unknown capture time is "".
 */
import { AppError } from '@studio/errors';
import { loadProto, unaryHandlers, type grpc } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import { type KeeperPhoto, UPLOAD_PROTO, type UploadInternalHandlers } from '@studio/proto/upload';
import { isUuid } from '@studio/uuid';
import type { Stores } from '../store/index.js';
import type { PhotoRow } from '../store/photo.store.js';

/** A photo as the KeeperPhoto message (the one mapping of the record to proto; storage keys included, for gallery). */
export function keeperPhotoMessage(p: PhotoRow): KeeperPhoto {
  return {
    id: p.id,
    file_name: p.fileName,
    content_type: p.contentType,
    size: String(p.size),
    original_key: p.originalKey,
    web_key: p.webKey ?? '',
    thumb_key: p.thumbKey ?? '',
    width: p.width ?? 0,
    height: p.height ?? 0,
    capture_time: p.captureTime?.toISOString() ?? '',
    created_at: p.createdAt.toISOString(),
  };
}

export function uploadGrpcHandlers(stores: Pick<Stores, 'photos'>, logger: Logger): UploadInternalHandlers {
  return unaryHandlers<UploadInternalHandlers>(logger, {
    async ListReadyKeepers(req) {
      if (!isUuid(req.shoot_id)) throw new AppError('invalid_input', 'shoot_id must be a UUID');
      if (!isUuid(req.workspace_id)) throw new AppError('invalid_input', 'workspace_id must be a UUID');
      const rows = await stores.photos.listReady(req.shoot_id.toLowerCase(), req.workspace_id.toLowerCase(), { keepersOnly: true });
      return { photos: rows.map(keeperPhotoMessage) };
    },
  });
}

/** Adds UploadInternal to a gRPC server (startGrpcServer adds grpc.health.v1). */
export function registerUploadGrpc(server: grpc.Server, stores: Pick<Stores, 'photos'>, logger: Logger): void {
  server.addService(loadProto(UPLOAD_PROTO).upload.v1.UploadInternal.service, uploadGrpcHandlers(stores, logger));
}
