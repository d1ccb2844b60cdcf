export {
  WEBHOOK_EVENT_TYPES,
  isWebhookEventType,
  type UnknownWebhookEvent,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventOf,
  type WebhookEventType,
} from './events.js';
export {
  DEFAULT_TOLERANCE_S,
  SIGNATURE_HEADER,
  WebhookVerificationError,
  signWebhook,
  verifyWebhook,
  type RawBody,
  type SignWebhookOptions,
  type VerifyWebhookOptions,
  type WebhookVerificationErrorCode,
} from './verify.js';
