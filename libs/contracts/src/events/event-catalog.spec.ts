import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import {
  EVENT_CATALOG,
  EVENT_TYPES,
  PUBLIC_EVENT_TYPES,
  eventDataIssues,
  eventTypesOf,
  isEventType,
  isPublicEventType,
} from './event-catalog.js';

const SPEC = readFileSync(path.resolve(import.meta.dirname, '../../../../docs/spec/public-api.md'), 'utf8');

/** The comma-separated list under "### Event types" in spec section 6. */
function specEventTypes(): string[] {
  const section = SPEC.split('### Event types')[1] ?? '';
  const list = section.split('\n').find((line) => line.includes('gallery.created')) ?? '';
  return list.replace(/\.$/, '').split(', ');
}

const UUID = '0b5c6a53-3c4e-4f7e-9a39-2f0d6c1e8a11';
const AT = '2026-11-20T10:00:00.000Z';

describe('event catalog', () => {
  it('has exactly the 28 public types of spec section 6, in its order', () => {
    expect(specEventTypes()).toHaveLength(28);
    expect(PUBLIC_EVENT_TYPES).toEqual(specEventTypes());
  });

  it('lists internal types besides them, each named <entity>.<what> in lower snake case', () => {
    const internal = EVENT_TYPES.filter((t) => !isPublicEventType(t));
    expect(internal.sort()).toEqual(
      [
        'album.created',
        'ai_job.queued',
        'client.deleted',
        'client.updated',
        'lead.created',
        'lead.deleted',
        'lead.updated',
        'order.updated',
        'shoot.deleted',
        'shoot.updated',
      ].sort(),
    );
    for (const type of EVENT_TYPES) expect(type).toMatch(/^[a-z_]+(\.[a-z_]+)+$/);
  });

  it('names the producer of every type', () => {
    expect(eventTypesOf('gallery')).toEqual(['gallery.created', 'gallery.published', 'gallery.delivered', 'album.created']);
    expect(eventTypesOf('upload')).toEqual(['photo.uploaded', 'ai_job.done', 'ai.cull.completed', 'ai_job.queued']);
    expect(eventTypesOf('studio')).toHaveLength(EVENT_TYPES.length - 8);
    for (const type of eventTypesOf('studio')) expect(type).not.toMatch(/^(gallery|album|photo|ai)[._]/);
  });

  it('describes every type in one line', () => {
    for (const type of EVENT_TYPES) {
      const { description } = EVENT_CATALOG[type];
      expect(description, type).toMatch(/^[A-Z].+\.$/);
      expect(description, type).not.toContain('\n');
    }
  });

  it('has strict data schemas: a member no producer sends is refused', () => {
    for (const type of EVENT_TYPES) {
      const schema = z.toJSONSchema(EVENT_CATALOG[type].data) as { additionalProperties?: unknown };
      expect(schema.additionalProperties, type).toBe(false);
    }
  });

  it('fixes gallery.created data to the five members of the spec', () => {
    const data = { gallery_id: UUID, shoot_id: UUID, title: 'Wedding', slug: 'wedding', photo_count: 3 };
    expect(EVENT_CATALOG['gallery.created'].data.parse(data)).toEqual(data);
    expect(EVENT_CATALOG['gallery.created'].data.safeParse({ ...data, state: 'draft' }).success).toBe(false);
  });

  it('gives <entity>.deleted the id and the moment of deletion only', () => {
    for (const type of ['shoot.deleted', 'client.deleted', 'lead.deleted'] as const) {
      const idMember = `${type.split('.')[0]}_id`;
      expect(EVENT_CATALOG[type].data.parse({ [idMember]: UUID, deleted_at: AT })).toEqual({ [idMember]: UUID, deleted_at: AT });
      expect(EVENT_CATALOG[type].data.safeParse({ id: UUID, deleted_at: AT }).success, type).toBe(false);
    }
  });

  it('refuses a timestamp that is not UTC ISO 8601 and an id that is not a UUID', () => {
    const data = { shoot_id: UUID, deleted_at: AT };
    expect(EVENT_CATALOG['shoot.deleted'].data.safeParse({ ...data, deleted_at: '2026-11-20 10:00' }).success).toBe(false);
    expect(EVENT_CATALOG['shoot.deleted'].data.safeParse({ ...data, shoot_id: 'not-a-uuid' }).success).toBe(false);
  });

  it('lists what is wrong with an event as a consumer receives it (JSON), and nothing for a good one', () => {
    expect(eventDataIssues('shoot.deleted', { shoot_id: UUID, deleted_at: AT })).toEqual([]);
    expect(eventDataIssues('shoot.deleted', { shoot_id: 'not-a-uuid', deleted_at: AT })).toHaveLength(1);
    expect(eventDataIssues('shoot.deleted', { shoot_id: UUID, deleted_at: AT, extra: 1 })).not.toEqual([]);
    expect(eventDataIssues('shoot.exploded', {})).toEqual(['unknown event type shoot.exploded']);
  });

  it('tells a known type from an unknown one', () => {
    expect(isEventType('lead.created')).toBe(true);
    expect(isPublicEventType('lead.created')).toBe(false);
    expect(isPublicEventType('order.shipped')).toBe(true);
    expect(isEventType('toString')).toBe(false);
    expect(isEventType('order.deleted')).toBe(false);
  });
});
