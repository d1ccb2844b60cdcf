/**
 * The event envelope a subscriber receives, typed per event type. The list of public types and each type's `data`
 * are generated from the service's event catalog into generated/events.ts (`npm run webhooks:generate`), so the
 * package has no runtime dependency and cannot drift from what producers are checked against (events.spec.ts).
 */
import { WEBHOOK_EVENT_TYPES, type WebhookEventDataMap } from './generated/events.js';

export { WEBHOOK_EVENT_TYPES, type WebhookEventDataMap };

/** One of the public event types this version of the package knows. */
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** The members every delivery's body has, whatever its type. */
interface WebhookEventEnvelope {
  /** The event id (UUID): the same on every retry and replay, so de-duplicate on it. */
  id: string;
  /** ISO 8601 in UTC, e.g. `2026-11-22T10:00:00.000Z`. */
  created_at: string;
  workspace_id: string;
  /** e.g. `2026-11`. */
  api_version: string;
}

/** One delivery's body of type `T`: `{ id, type, created_at, workspace_id, api_version, data }`. */
export interface WebhookEventOf<T extends WebhookEventType> extends WebhookEventEnvelope {
  type: T;
  /** The event's data, as the event catalog declares it for `T` (docs/events.md lists it too). */
  data: WebhookEventDataMap[T];
}

/**
 * Any public event: narrow it with `switch (event.type)` or `if (event.type === 'gallery.published')`, and `data`
 * is typed for that type (a type that does not exist does not compile).
 *
 * A delivery of a type newer than this version of the package is still returned by verifyWebhook, unchanged (the
 * API may add event types; a subscriber must not break on one): the compiler does not know it, so it reaches the
 * `default` branch of a switch, where `isWebhookEventType(event.type)` is false. Read it there as an
 * {@link UnknownWebhookEvent}, or update the package to get its type.
 */
export type WebhookEvent = { [T in WebhookEventType]: WebhookEventOf<T> }[WebhookEventType];

/** A delivery of a type this version of the package does not know (a newer one): its `data` is untyped. */
export interface UnknownWebhookEvent extends WebhookEventEnvelope {
  type: string;
  data: Record<string, unknown>;
}

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_TYPES);

/** Whether `type` is one of the public event types this version of the package knows. */
export function isWebhookEventType(type: string): type is WebhookEventType {
  return KNOWN.has(type);
}
