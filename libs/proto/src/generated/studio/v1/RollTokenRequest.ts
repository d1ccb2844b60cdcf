// Original file: proto/studio/v1/studio.proto


export interface RollTokenRequest {
  'session_token'?: (string);
  'token_id'?: (string);
  /**
   * How long the previous secret keeps working: 0 (at once) to 86400 (24 h).
   */
  'overlap_seconds'?: (number);
}

export interface RollTokenRequest__Output {
  'session_token': (string);
  'token_id': (string);
  /**
   * How long the previous secret keeps working: 0 (at once) to 86400 (24 h).
   */
  'overlap_seconds': (number);
}
