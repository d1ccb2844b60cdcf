// Original file: proto/studio/v1/studio.proto


export interface DeleteLeadRequest {
  'workspace_id'?: (string);
  'lead_id'?: (string);
}

export interface DeleteLeadRequest__Output {
  'workspace_id': (string);
  'lead_id': (string);
}
