// Original file: proto/studio/v1/studio.proto


export interface CreateTokenRequest {
  'session_token'?: (string);
  /**
   * 1..100 characters.
   */
  'name'?: (string);
  /**
   * "" for every workspace of the profile; else one of the profile's workspaces.
   */
  'workspace_id'?: (string);
  'read_only'?: (boolean);
  /**
   * ISO 8601 in the future (at most one year ahead), or "" for a token that never expires.
   */
  'expires_at'?: (string);
}

export interface CreateTokenRequest__Output {
  'session_token': (string);
  /**
   * 1..100 characters.
   */
  'name': (string);
  /**
   * "" for every workspace of the profile; else one of the profile's workspaces.
   */
  'workspace_id': (string);
  'read_only': (boolean);
  /**
   * ISO 8601 in the future (at most one year ahead), or "" for a token that never expires.
   */
  'expires_at': (string);
}
