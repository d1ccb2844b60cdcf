// Original file: proto/studio/v1/studio.proto


export interface Lead {
  'id'?: (string);
  'workspace_id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'source'?: (string);
  'notes'?: (string);
  'client_id'?: (string);
  'created_at'?: (string);
  'updated_at'?: (string);
}

export interface Lead__Output {
  'id': (string);
  'workspace_id': (string);
  'name': (string);
  'email': (string);
  'phone': (string);
  'source': (string);
  'notes': (string);
  'client_id': (string);
  'created_at': (string);
  'updated_at': (string);
}
