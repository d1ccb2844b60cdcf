// Original file: proto/studio/v1/studio.proto


export interface SessionRef {
  /**
   * The console cookie's value (never stored by studio: it keeps its SHA-256).
   */
  'session_token'?: (string);
}

export interface SessionRef__Output {
  /**
   * The console cookie's value (never stored by studio: it keeps its SHA-256).
   */
  'session_token': (string);
}
