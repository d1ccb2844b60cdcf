// Original file: proto/studio/v1/studio.proto


export interface Session {
  'session_id'?: (string);
  'profile_id'?: (string);
  'email'?: (string);
  'name'?: (string);
  /**
   * Compared by the console, in constant time, with the form's or header's CSRF token on every state change.
   */
  'csrf_token'?: (string);
  /**
   * The earlier of the idle and the absolute expiry (ISO 8601): the cookie's Expires.
   */
  'expires_at'?: (string);
}

export interface Session__Output {
  'session_id': (string);
  'profile_id': (string);
  'email': (string);
  'name': (string);
  /**
   * Compared by the console, in constant time, with the form's or header's CSRF token on every state change.
   */
  'csrf_token': (string);
  /**
   * The earlier of the idle and the absolute expiry (ISO 8601): the cookie's Expires.
   */
  'expires_at': (string);
}
