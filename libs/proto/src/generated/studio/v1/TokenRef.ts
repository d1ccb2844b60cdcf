// Original file: proto/studio/v1/studio.proto


export interface TokenRef {
  'session_token'?: (string);
  'token_id'?: (string);
}

export interface TokenRef__Output {
  'session_token': (string);
  'token_id': (string);
}
