/**
 * upload.v1.UploadInternal (proto/upload/v1/upload.proto), for other services only: ListReadyKeepers.
 * Proto3 has no null: an unknown capture time is "".
 */
import { AppError } from '@studio/errors';
import { grpc, loadService, unaryHandlers } from '@studio/grpc';
import type { Logger } from '@studio/logger';
import type { Stores } from '../store/index.js';

export const UPLOAD_PROTO = 'upload/v1/upload.proto';
export const UPLOAD_SERVICE = 'upload.v1.UploadInternal';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ListReadyKeepersRequest {
  shoot_id: string;
  workspace_id: string;
}

export interface KeeperPhotoMessage {
  id: string;
  file_name: string;
  content_type: string;
  size: string;
  original_key: string;
  web_key: string;
  thumb_key: string;
  width: number;
  height: number;
  capture_time: string;
  created_at: string;
}

export function uploadGrpcHandlers(stores: Pick<Stores, 'photos'>, logger: Logger): grpc.UntypedServiceImplementation {
  return unaryHandlers(logger, {
    async ListReadyKeepers(req: ListReadyKeepersRequest): Promise<{ photos: KeeperPhotoMessage[] }> {
      if (!UUID_RE.test(req.shoot_id)) throw new AppError('invalid_input', 'shoot_id must be a UUID');
      if (!UUID_RE.test(req.workspace_id)) throw new AppError('invalid_input', 'workspace_id must be a UUID');
      const rows = await stores.photos.listReady(req.shoot_id.toLowerCase(), req.workspace_id.toLowerCase(), { keepersOnly: true });
      return {
        photos: rows.map((p) => ({
          id: p.id,
          file_name: p.fileName,
          content_type: p.contentType,
          size: String(p.sizeBytes),
          original_key: p.originalKey,
          web_key: p.webKey ?? '',
          thumb_key: p.thumbKey ?? '',
          width: p.width ?? 0,
          height: p.height ?? 0,
          capture_time: p.captureTime?.toISOString() ?? '',
          created_at: p.createdAt.toISOString(),
        })),
      };
    },
  });
}

/** Adds UploadInternal to a gRPC server (startGrpcServer adds grpc.health.v1). */
export function registerUploadGrpc(server: grpc.Server, stores: Pick<Stores, 'photos'>, logger: Logger): void {
  const Service = loadService(UPLOAD_PROTO, UPLOAD_SERVICE);
  server.addService(Service.service, uploadGrpcHandlers(stores, logger));
}
