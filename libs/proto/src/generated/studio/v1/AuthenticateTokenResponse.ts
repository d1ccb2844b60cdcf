// Original file: proto/studio/v1/studio.proto

import type { Membership as _studio_v1_Membership, Membership__Output as _studio_v1_Membership__Output } from '../../studio/v1/Membership.js';

export interface AuthenticateTokenResponse {
  'profile_id'?: (string);
  'token_id'?: (string);
  /**
   * Empty when the token reaches every workspace of its profile.
   */
  'scope_workspace_id'?: (string);
  /**
   * Already narrowed to the scope when the token is scoped.
   */
  'memberships'?: (_studio_v1_Membership)[];
  /**
   * Requests per 60 s for this token; 0 means the gateway's default.
   */
  'rate_limit'?: (number);
  /**
   * A read-only token may only GET: the gateway answers 403 forbidden to any other method.
   */
  'read_only'?: (boolean);
  /**
   * When the presented secret stops working (its expiry, or the end of a roll's overlap); "" when never.
   * The gateway never caches an answer past it.
   */
  'valid_until'?: (string);
}

export interface AuthenticateTokenResponse__Output {
  'profile_id': (string);
  'token_id': (string);
  /**
   * Empty when the token reaches every workspace of its profile.
   */
  'scope_workspace_id': (string);
  /**
   * Already narrowed to the scope when the token is scoped.
   */
  'memberships': (_studio_v1_Membership__Output)[];
  /**
   * Requests per 60 s for this token; 0 means the gateway's default.
   */
  'rate_limit': (number);
  /**
   * A read-only token may only GET: the gateway answers 403 forbidden to any other method.
   */
  'read_only': (boolean);
  /**
   * When the presented secret stops working (its expiry, or the end of a roll's overlap); "" when never.
   * The gateway never caches an answer past it.
   */
  'valid_until': (string);
}
