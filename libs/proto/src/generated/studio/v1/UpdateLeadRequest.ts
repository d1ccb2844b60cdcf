// Original file: proto/studio/v1/studio.proto


export interface UpdateLeadRequest {
  'workspace_id'?: (string);
  'lead_id'?: (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'source'?: (string);
  'notes'?: (string);
  'client_id'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_phone'?: "phone";
  '_source'?: "source";
  '_notes'?: "notes";
  '_client_id'?: "client_id";
}

export interface UpdateLeadRequest__Output {
  'workspace_id': (string);
  'lead_id': (string);
  'name'?: (string);
  'email'?: (string);
  'phone'?: (string);
  'source'?: (string);
  'notes'?: (string);
  'client_id'?: (string);
  '_name'?: "name";
  '_email'?: "email";
  '_phone'?: "phone";
  '_source'?: "source";
  '_notes'?: "notes";
  '_client_id'?: "client_id";
}
