// Original file: proto/upload/v1/upload.proto

import type { KeeperPhoto as _upload_v1_KeeperPhoto, KeeperPhoto__Output as _upload_v1_KeeperPhoto__Output } from '../../upload/v1/KeeperPhoto.js';

export interface ListReadyKeepersResponse {
  'photos'?: (_upload_v1_KeeperPhoto)[];
}

export interface ListReadyKeepersResponse__Output {
  'photos': (_upload_v1_KeeperPhoto__Output)[];
}
