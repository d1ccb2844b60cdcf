// Original file: proto/studio/v1/studio.proto


export interface AuthenticateTokenRequest {
  'token'?: (string);
}

export interface AuthenticateTokenRequest__Output {
  'token': (string);
}
