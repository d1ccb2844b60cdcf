// Original file: proto/studio/v1/studio.proto


export interface DeleteClientRequest {
  'workspace_id'?: (string);
  'client_id'?: (string);
}

export interface DeleteClientRequest__Output {
  'workspace_id': (string);
  'client_id': (string);
}
