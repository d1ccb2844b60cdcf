// Original file: proto/studio/v1/studio.proto


export interface SetPasswordRequest {
  'link_token'?: (string);
  'password'?: (string);
  'client_address'?: (string);
  'user_agent'?: (string);
}

export interface SetPasswordRequest__Output {
  'link_token': (string);
  'password': (string);
  'client_address': (string);
  'user_agent': (string);
}
