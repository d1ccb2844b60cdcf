/**
 * The example event of a test delivery (POST /webhook-endpoints/{id}/test, issue 24 item 5): which type it has, and
 * its envelope, whose `data` is example data of that type derived from the type's schema in the event catalog by the
 * same generator as the OpenAPI document's examples (`exampleOfZod`), so it parses with the catalog schema a real
 * event of that type parses with (test-event.spec.ts checks every public type).
 */
import { randomUUID } from 'node:crypto';
import { API_VERSION } from '@studio/amqp';
import { EVENT_CATALOG, PUBLIC_EVENT_TYPES, type PublicEventType } from '@studio/contracts/events';
import { AppError } from '@studio/errors';
import { exampleOfZod } from '@studio/http/openapi';
import { z } from 'zod';
import { serializeEnvelope } from './envelope.js';

/** The record an event type is about, as the example generator names entities: `ai_job.done` -> `AiJob`. */
export function entityOfEventType(type: string): string {
  const head = type.slice(0, type.indexOf('.') === -1 ? undefined : type.indexOf('.'));
  return head
    .split('_')
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join('');
}

const examples = new Map<PublicEventType, Record<string, unknown>>();

/** The members that hold a record's state in the catalog's schemas. */
const STATE_MEMBERS = ['state', 'status'] as const;

/**
 * An event named `<entity>.<verb>` reports the record entering the state `<verb>` when its schema has that state
 * (`gallery.published` -> `state: 'published'`, `order.sent_to_print` -> `status: 'sent_to_print'`); the generator
 * alone would take each enum's first value (`draft`), which no real event of that type carries.
 */
function withStateOfVerb(type: PublicEventType, data: Record<string, unknown>): Record<string, unknown> {
  const verb = type.slice(type.indexOf('.') + 1);
  const shape = EVENT_CATALOG[type].data.shape as Record<string, unknown>;
  for (const member of STATE_MEMBERS) {
    const field = shape[member];
    if (field instanceof z.ZodEnum && (field.options as readonly unknown[]).includes(verb)) data[member] = verb;
  }
  return data;
}

/**
 * Example `data` of `type`: valid against its catalog schema, in the state the type's verb names, with `id` and
 * `<entity>_id` agreeing, and a
 * `workspace_id` member (when the type has one) set to `workspaceId`, the workspace of the envelope.
 */
export function exampleEventData(type: PublicEventType, workspaceId: string): Record<string, unknown> {
  let base = examples.get(type);
  if (!base) {
    base = withStateOfVerb(type, exampleOfZod(EVENT_CATALOG[type].data, entityOfEventType(type)) as Record<string, unknown>);
    examples.set(type, base);
  }
  const data = structuredClone(base);
  if ('workspace_id' in data) data.workspace_id = workspaceId;
  return data;
}

/**
 * The type of a test delivery to an endpoint subscribed to `subscribed`: `requested` when the endpoint subscribes to
 * it (400 otherwise, naming the types it does subscribe to), else the first of them in catalog order (the order of
 * spec section 6), so the default does not depend on the order the types were registered in.
 */
export function testEventType(subscribed: readonly string[], requested?: PublicEventType): PublicEventType {
  const types = PUBLIC_EVENT_TYPES.filter((t) => subscribed.includes(t));
  if (requested !== undefined) {
    if (types.includes(requested)) return requested;
    const message = `the endpoint does not subscribe to ${requested}; it subscribes to ${types.join(', ') || 'no public event type'}`;
    throw new AppError('invalid_input', `body.type: ${message}`, { issues: [{ path: 'body.type', message }] });
  }
  const first = types[0];
  if (!first) throw new AppError('conflict', 'the endpoint subscribes to no public event type');
  return first;
}

export interface TestEvent {
  id: string;
  type: PublicEventType;
  /** The envelope JSON exactly as it is stored, signed and sent. */
  payload: string;
}

/** A fresh event (new id, now) of `type` in `workspaceId` with example data, as the envelope a subscriber receives. */
export function testEvent(type: PublicEventType, workspaceId: string, now: Date = new Date(), id: string = randomUUID()): TestEvent {
  const payload = serializeEnvelope({
    id,
    type,
    created_at: now.toISOString(),
    workspace_id: workspaceId,
    api_version: API_VERSION,
    data: exampleEventData(type, workspaceId),
  });
  return { id, type, payload };
}
