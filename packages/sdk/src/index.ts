export { createStudioClient, type StudioClient, type StudioClientOptions, type StudioResponse } from './client.js';
export { StudioApiError, StudioNetworkError, type ApiIssue, type StudioErrorCode } from './errors.js';
export { IDEMPOTENT_POSTS, type components, type operations, type paths } from './generated/schema.js';
export { DEFAULT_RETRY_POLICY, type RetryPolicy } from './retry.js';
export type {
  ApiErrorCode,
  BodyOf,
  CommonRequestOptions,
  Method,
  Operation,
  PagedPath,
  PageItem,
  ParamsOf,
  PathsWith,
  RequestOptions,
  SuccessBody,
} from './types.js';
