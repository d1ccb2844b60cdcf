// Original file: proto/studio/v1/studio.proto


export interface RequestPasswordResetRequest {
  'email'?: (string);
  'client_address'?: (string);
}

export interface RequestPasswordResetRequest__Output {
  'email': (string);
  'client_address': (string);
}
