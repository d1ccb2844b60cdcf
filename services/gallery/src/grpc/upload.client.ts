/**
 * Gallery's view of upload (proto/upload/v1/upload.proto): ListReadyKeepers, the ready keepers of a shoot in
 * capture order with the object keys and dimensions a gallery needs. The answer for a large shoot is big (about
 * 300 bytes per photo), so the client accepts messages up to 64 MiB instead of gRPC's default 4 MiB.
 */
import { loadProto } from '@studio/grpc';
import { DependencyClient, type DependencyClientOptions } from '@studio/grpc/dependency-client';
import { UPLOAD_PROTO, type UploadInternalClient } from '@studio/proto/upload';

export interface KeeperPhoto {
  id: string;
  webKey: string;
  thumbKey: string;
  originalKey: string;
  width: number;
  height: number;
}

export interface KeeperSource {
  /** Ready keepers of the shoot in capture order (empty for an unknown shoot or one outside the workspace). */
  listReadyKeepers(shootId: string, workspaceId: string): Promise<KeeperPhoto[]>;
}

const MAX_MESSAGE_BYTES = 64 * 1024 * 1024;

export class UploadKeeperSource extends DependencyClient<UploadInternalClient> implements KeeperSource {
  constructor(address: string, options: DependencyClientOptions) {
    super(
      loadProto(UPLOAD_PROTO).upload.v1.UploadInternal,
      address,
      { service: 'upload' },
      {
        ...options,
        channelOptions: { 'grpc.max_receive_message_length': MAX_MESSAGE_BYTES, ...options.channelOptions },
      },
    );
  }

  async listReadyKeepers(shootId: string, workspaceId: string): Promise<KeeperPhoto[]> {
    const res = await this.call('ListReadyKeepers', { shoot_id: shootId, workspace_id: workspaceId });
    return (res.photos ?? []).map((p) => ({
      id: p.id,
      webKey: p.web_key,
      thumbKey: p.thumb_key,
      originalKey: p.original_key,
      width: p.width,
      height: p.height,
    }));
  }
}
