// Original file: proto/studio/v1/studio.proto


export interface SignInRequest {
  'email'?: (string);
  'password'?: (string);
  /**
   * The person's address as the gateway saw it (throttling per address) and their user agent (shown per session).
   */
  'client_address'?: (string);
  'user_agent'?: (string);
}

export interface SignInRequest__Output {
  'email': (string);
  'password': (string);
  /**
   * The person's address as the gateway saw it (throttling per address) and their user agent (shown per session).
   */
  'client_address': (string);
  'user_agent': (string);
}
