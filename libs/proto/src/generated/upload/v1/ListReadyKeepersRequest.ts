// Original file: proto/upload/v1/upload.proto


export interface ListReadyKeepersRequest {
  'shoot_id'?: (string);
  'workspace_id'?: (string);
}

export interface ListReadyKeepersRequest__Output {
  'shoot_id': (string);
  'workspace_id': (string);
}
