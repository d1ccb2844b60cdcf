// Original file: proto/studio/v1/studio.proto


export interface DeleteShootRequest {
  'workspace_id'?: (string);
  'shoot_id'?: (string);
}

export interface DeleteShootRequest__Output {
  'workspace_id': (string);
  'shoot_id': (string);
}
