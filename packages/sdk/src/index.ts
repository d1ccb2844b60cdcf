export {
  createStudioClient,
  type RequestInfo,
  type ResponseInfo,
  type RetryInfo,
  type StudioClient,
  type StudioClientOptions,
  type StudioResponse,
} from './client.js';
export { StudioApiError, StudioNetworkError, type ApiIssue, type StudioErrorCode } from './errors.js';
export { IDEMPOTENT_POSTS, type components, type operations, type paths } from './generated/schema.js';
export { DEFAULT_RETRY_POLICY, DEFAULT_TIMEOUT_MS, type RetryKind, type RetryPolicy } from './retry.js';
export {
  DEFAULT_MULTIPART_THRESHOLD_BYTES,
  DEFAULT_UPLOAD_CONCURRENCY,
  type Photo,
  type UploadedFile,
  type UploadFileInput,
  type UploadOptions,
  type UploadProgress,
  type UploadResult,
  type UploadSource,
} from './upload.js';
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
