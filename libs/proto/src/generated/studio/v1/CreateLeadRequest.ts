// Original file: proto/studio/v1/studio.proto


export interface CreateLeadRequest {
  'workspace_id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'source'?: (string);
  'notes'?: (string);
  'client_id'?: (string);
}

export interface CreateLeadRequest__Output {
  'workspace_id': (string);
  'name': (string);
  'email': (string);
  'phone': (string);
  'source': (string);
  'notes': (string);
  'client_id': (string);
}
