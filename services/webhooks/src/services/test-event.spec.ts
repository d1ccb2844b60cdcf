import { describe, expect, it } from 'vitest';
import { API_VERSION } from '@studio/amqp';
import { EVENT_CATALOG, eventDataIssues, PUBLIC_EVENT_TYPES } from '@studio/contracts/events';
import { AppError } from '@studio/errors';
import { entityOfEventType, exampleEventData, testEvent, testEventType } from './test-event.js';

const WS = '0b7d3f52-6a1e-4c8b-9d2f-3e4a5b6c7d8e';

describe('example data of test deliveries', () => {
  it('parses with the catalog schema of every public type (as JSON, the way a subscriber receives it)', () => {
    expect(PUBLIC_EVENT_TYPES).toHaveLength(28);
    for (const type of PUBLIC_EVENT_TYPES) {
      const data = exampleEventData(type, WS);
      expect(eventDataIssues(type, data), type).toEqual([]);
      expect(EVENT_CATALOG[type].data.safeParse(JSON.parse(JSON.stringify(data))).success, type).toBe(true);
    }
  });

  it("puts the envelope's workspace into data and makes id and <entity>_id agree", () => {
    const data = exampleEventData('gallery.published', WS);
    expect(data.workspace_id).toBe(WS);
    expect(data.id).toBe(data.gallery_id);
    expect(data.shoot_id).not.toBe(data.gallery_id);
    // Each call gets its own copy: changing one does not change the next.
    data.title = 'changed';
    expect(exampleEventData('gallery.published', WS).title).not.toBe('changed');
    // gallery.created has exactly the five members of spec section 6 (no workspace_id is added).
    expect(Object.keys(exampleEventData('gallery.created', WS)).sort()).toEqual(['gallery_id', 'photo_count', 'shoot_id', 'slug', 'title']);
  });

  it('puts the record in the state its type names, where the schema has that state', () => {
    expect(exampleEventData('gallery.published', WS).state).toBe('published');
    expect(exampleEventData('shoot.completed', WS).state).toBe('completed');
    expect(exampleEventData('booking.declined', WS).status).toBe('declined');
    expect(exampleEventData('order.sent_to_print', WS).status).toBe('sent_to_print');
    expect(exampleEventData('invoice.paid', WS).status).toBe('paid');
    // No such state: the generator's value stays (gallery.delivered keeps a valid gallery state).
    expect(['draft', 'published']).toContain(exampleEventData('gallery.delivered', WS).state);
  });

  it('names the entity of a type as the example generator does', () => {
    expect(entityOfEventType('gallery.published')).toBe('Gallery');
    expect(entityOfEventType('ai_job.done')).toBe('AiJob');
    expect(entityOfEventType('order.needs_intervention')).toBe('Order');
  });
});

describe('testEvent', () => {
  it('is a public envelope: documented members in order, a fresh id, the current api_version', () => {
    const now = new Date('2026-11-28T06:00:00.000Z');
    const a = testEvent('shoot.created', WS, now);
    const b = testEvent('shoot.created', WS, now);
    expect(a.id).not.toBe(b.id);
    expect(a.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const envelope = JSON.parse(a.payload);
    expect(Object.keys(envelope)).toEqual(['id', 'type', 'created_at', 'workspace_id', 'api_version', 'data']);
    expect(envelope).toMatchObject({
      id: a.id,
      type: 'shoot.created',
      created_at: now.toISOString(),
      workspace_id: WS,
      api_version: API_VERSION,
    });
    expect(eventDataIssues('shoot.created', envelope.data)).toEqual([]);
  });
});

describe('testEventType', () => {
  it('defaults to the first subscribed type in catalog order, whatever order they were registered in', () => {
    expect(testEventType(['ai.cull.completed', 'gallery.delivered', 'gallery.published'])).toBe('gallery.published');
    expect(testEventType(['ai.cull.completed', 'gallery.delivered'])).toBe('gallery.delivered');
    expect(testEventType(['invoice.paid'])).toBe('invoice.paid');
  });

  it('takes a requested type the endpoint subscribes to', () => {
    expect(testEventType(['gallery.published', 'ai.cull.completed'], 'ai.cull.completed')).toBe('ai.cull.completed');
  });

  it('refuses a type the endpoint does not subscribe to with 400, naming the ones it does', () => {
    let err: unknown;
    try {
      testEventType(['gallery.delivered', 'gallery.published'], 'shoot.created');
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).kind).toBe('invalid_input');
    expect((err as AppError).message).toBe(
      'body.type: the endpoint does not subscribe to shoot.created; it subscribes to gallery.published, gallery.delivered',
    );
  });

  it('is a 409 for an endpoint that subscribes to no public type (nothing could be sent)', () => {
    expect(() => testEventType(['lead.created'])).toThrow(expect.objectContaining({ kind: 'conflict' }));
  });
});
