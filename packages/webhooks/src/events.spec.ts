/** The hand-declared public event types must not drift from the service's catalog (devDependency only). */
import { PUBLIC_EVENT_TYPES, type PublicEventType } from '@studio/contracts/events';
import { expect, it } from 'vitest';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType, isWebhookEventType } from './events.js';

type Equal<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

it('lists exactly the public types of the event catalog, in its order', () => {
  const sameUnion: Equal<WebhookEventType, PublicEventType> = true;
  expect(sameUnion).toBe(true);
  expect([...WEBHOOK_EVENT_TYPES]).toEqual([...PUBLIC_EVENT_TYPES]);
  expect(WEBHOOK_EVENT_TYPES).toHaveLength(28);
});

it('tells known public types from others', () => {
  expect(isWebhookEventType('gallery.published')).toBe(true);
  expect(isWebhookEventType('order.updated')).toBe(false); // internal
  expect(isWebhookEventType('nope')).toBe(false);
});
