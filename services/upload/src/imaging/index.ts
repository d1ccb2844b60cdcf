/**
 * Image processing and explainable culling for the upload service.
 *
 *   const d = await makeDerivatives(bytesOrPath);           // one decode: web JPEG, WebP thumb, metadata, proxy
 *   const features = computeFeatures(d.proxy!);              // store with the photo (small JSON)
 *   const result = cull(photos.map(p => ({ id, captureTime, features })), 'medium');
 *
 * A non-image or corrupt upload throws ImageDecodeError (mark the photo failed with `err.reason`).
 * Call configureImaging() once at start-up.
 */
export {
  ACCEPTED_FORMATS,
  DEFAULT_DERIVATIVE_OPTIONS,
  ImageDecodeError,
  configureImaging,
  makeCullProxy,
  makeDerivatives,
  rawToGrey,
  readImageMetadata,
} from './derivative.js';
export type {
  DerivativeOptions,
  DerivativeResult,
  EncodedImage,
  GreyProxy,
  ImageDecodeErrorCode,
  ImageInput,
  ImageMetadata,
} from './derivative.js';
export { SNIFF_BYTES, UPLOAD_CONTENT_TYPES, UPLOAD_FORMATS, describeBytes, sniffFormat } from './formats.js';
export type { UploadFormat } from './formats.js';
export { parseExifCaptureTime, parseExifDateTime } from './exif.js';
export type { CaptureTimeSource, ExifCaptureTime } from './exif.js';
export { computeFeatures, dHash, exposureStats, hammingDistance, laplacianSharpness, pHash, perceptualDistance } from './features.js';
export type { CullFeatures } from './features.js';
export { CULL_KEEP_REASONS, CULL_PRESETS, CULL_REJECT_REASONS, cull } from './cull.js';
export type {
  CullAppliedThresholds,
  CullCounts,
  CullDecision,
  CullDecisionKind,
  CullInput,
  CullKeepReason,
  CullReason,
  CullRejectReason,
  CullResult,
  CullScores,
  CullThresholds,
  Sensitivity,
} from './cull.js';
