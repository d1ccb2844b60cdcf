// Original file: proto/studio/v1/studio.proto

import type { ApiTokenInfo as _studio_v1_ApiTokenInfo, ApiTokenInfo__Output as _studio_v1_ApiTokenInfo__Output } from '../../studio/v1/ApiTokenInfo.js';

export interface IssuedToken {
  /**
   * The secret, shown exactly once.
   */
  'token'?: (string);
  'info'?: (_studio_v1_ApiTokenInfo | null);
}

export interface IssuedToken__Output {
  /**
   * The secret, shown exactly once.
   */
  'token': (string);
  'info': (_studio_v1_ApiTokenInfo__Output | null);
}
