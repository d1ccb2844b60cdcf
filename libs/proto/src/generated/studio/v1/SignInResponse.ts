// Original file: proto/studio/v1/studio.proto

import type { Session as _studio_v1_Session, Session__Output as _studio_v1_Session__Output } from '../../studio/v1/Session.js';

export interface SignInResponse {
  /**
   * ok | invalid (unknown e-mail or wrong password, or a weak password / bad link for SetPassword: see message)
   * | throttled (wait retry_after_seconds) | invalid_link (SetPassword: unknown, used or expired link)
   * | weak_password (SetPassword: too short, too long or a common password; message says which)
   */
  'outcome'?: (string);
  /**
   * On ok: the new session's secret, for the cookie (a new one at every sign-in).
   */
  'session_token'?: (string);
  'session'?: (_studio_v1_Session | null);
  'retry_after_seconds'?: (number);
  /**
   * A sentence for the person when outcome is not ok.
   */
  'message'?: (string);
}

export interface SignInResponse__Output {
  /**
   * ok | invalid (unknown e-mail or wrong password, or a weak password / bad link for SetPassword: see message)
   * | throttled (wait retry_after_seconds) | invalid_link (SetPassword: unknown, used or expired link)
   * | weak_password (SetPassword: too short, too long or a common password; message says which)
   */
  'outcome': (string);
  /**
   * On ok: the new session's secret, for the cookie (a new one at every sign-in).
   */
  'session_token': (string);
  'session': (_studio_v1_Session__Output | null);
  'retry_after_seconds': (number);
  /**
   * A sentence for the person when outcome is not ok.
   */
  'message': (string);
}
