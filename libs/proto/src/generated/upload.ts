import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { KeeperPhoto as _upload_v1_KeeperPhoto, KeeperPhoto__Output as _upload_v1_KeeperPhoto__Output } from './upload/v1/KeeperPhoto.js';
import type { ListReadyKeepersRequest as _upload_v1_ListReadyKeepersRequest, ListReadyKeepersRequest__Output as _upload_v1_ListReadyKeepersRequest__Output } from './upload/v1/ListReadyKeepersRequest.js';
import type { ListReadyKeepersResponse as _upload_v1_ListReadyKeepersResponse, ListReadyKeepersResponse__Output as _upload_v1_ListReadyKeepersResponse__Output } from './upload/v1/ListReadyKeepersResponse.js';
import type { UploadInternalClient as _upload_v1_UploadInternalClient, UploadInternalDefinition as _upload_v1_UploadInternalDefinition } from './upload/v1/UploadInternal.js';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  upload: {
    v1: {
      KeeperPhoto: MessageTypeDefinition<_upload_v1_KeeperPhoto, _upload_v1_KeeperPhoto__Output>
      ListReadyKeepersRequest: MessageTypeDefinition<_upload_v1_ListReadyKeepersRequest, _upload_v1_ListReadyKeepersRequest__Output>
      ListReadyKeepersResponse: MessageTypeDefinition<_upload_v1_ListReadyKeepersResponse, _upload_v1_ListReadyKeepersResponse__Output>
      UploadInternal: SubtypeConstructor<typeof grpc.Client, _upload_v1_UploadInternalClient> & { service: _upload_v1_UploadInternalDefinition }
    }
  }
}

