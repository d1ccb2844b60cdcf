/**
 * How studio builds its domain events. Every type, whether it is public, and the schema of its data are declared once
 * in the event catalog (@studio/contracts/events; docs/events.md is generated from it). `event` accepts only studio's
 * types there and data of the type's shape; the builders per entity are in `<entity>.events.ts` beside this file,
 * and domain-events.spec.ts parses what each of them makes with the catalog's schema.
 *
 * Each event is written to the outbox in the same transaction as the change it describes; the relay publishes it to
 * the `studio.events` topic exchange with the type as routing key. The event id (a UUID v4) is the outbox row id, so
 * consumers de-duplicate on it.
 */
import type { EventBuilder, EventTypeOf } from '@studio/contracts/events';
import { newOutboxEvent, type NewOutboxEvent } from '@studio/amqp/outbox-store';

export type EventType = EventTypeOf<'studio'>;

export const event: EventBuilder<'studio', NewOutboxEvent> = newOutboxEvent;
