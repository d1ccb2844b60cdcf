// Original file: proto/studio/v1/studio.proto

import type { ApiTokenInfo as _studio_v1_ApiTokenInfo, ApiTokenInfo__Output as _studio_v1_ApiTokenInfo__Output } from '../../studio/v1/ApiTokenInfo.js';

export interface ListTokensResponse {
  'tokens'?: (_studio_v1_ApiTokenInfo)[];
}

export interface ListTokensResponse__Output {
  'tokens': (_studio_v1_ApiTokenInfo__Output)[];
}
