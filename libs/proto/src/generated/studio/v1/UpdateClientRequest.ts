// Original file: proto/studio/v1/studio.proto


export interface UpdateClientRequest {
  'workspace_id'?: (string);
  'client_id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'notes'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_phone'?: "phone";
  '_notes'?: "notes";
}

export interface UpdateClientRequest__Output {
  'workspace_id': (string);
  'client_id': (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'notes'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_phone'?: "phone";
  '_notes'?: "notes";
}
