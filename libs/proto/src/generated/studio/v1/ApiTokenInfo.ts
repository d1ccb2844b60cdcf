// Original file: proto/studio/v1/studio.proto


export interface ApiTokenInfo {
  'token_id'?: (string);
  'name'?: (string);
  /**
   * The public part of the token shown in listings (never enough to use it).
   */
  'prefix'?: (string);
  /**
   * "" when the token reaches every workspace of its profile.
   */
  'workspace_id'?: (string);
  'workspace_name'?: (string);
  /**
   * read_write | read_only
   */
  'permission'?: (string);
  'created_at'?: (string);
  /**
   * "" when never (recorded at most once a minute).
   */
  'last_used_at'?: (string);
  /**
   * "" when it never expires.
   */
  'expires_at'?: (string);
  /**
   * "" while active.
   */
  'revoked_at'?: (string);
  /**
   * After a roll: until when the previous secret still works; "" when none does.
   */
  'previous_valid_until'?: (string);
}

export interface ApiTokenInfo__Output {
  'token_id': (string);
  'name': (string);
  /**
   * The public part of the token shown in listings (never enough to use it).
   */
  'prefix': (string);
  /**
   * "" when the token reaches every workspace of its profile.
   */
  'workspace_id': (string);
  'workspace_name': (string);
  /**
   * read_write | read_only
   */
  'permission': (string);
  'created_at': (string);
  /**
   * "" when never (recorded at most once a minute).
   */
  'last_used_at': (string);
  /**
   * "" when it never expires.
   */
  'expires_at': (string);
  /**
   * "" while active.
   */
  'revoked_at': (string);
  /**
   * After a roll: until when the previous secret still works; "" when none does.
   */
  'previous_valid_until': (string);
}
