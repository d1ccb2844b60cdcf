// Original file: proto/studio/v1/studio.proto


export interface Client {
  'id'?: (string);
  'workspace_id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'notes'?: (string);
  'created_at'?: (string);
}

export interface Client__Output {
  'id': (string);
  'workspace_id': (string);
  'name': (string);
  'email': (string);
  'phone': (string);
  'notes': (string);
  'created_at': (string);
}
