/**
 * Search against the event catalog (@studio/contracts/events): which of the catalog's types the index consumer
 * applies, and that each of them carries what parseEvent and the version rule read (`<type>_id`, and `updated_at`
 * or `deleted_at`; gallery.created, fixed by the spec, is versioned by the envelope's created_at).
 */
import { EVENT_CATALOG, EVENT_TYPES } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import { INDEX_ROUTING_KEYS } from './indexer.service.js';

describe('the events search indexes', () => {
  const indexed = EVENT_TYPES.filter((type) => INDEX_ROUTING_KEYS.includes(type));

  it('are these catalog types (the other bindings wait for types no service emits yet)', () => {
    expect(indexed.sort()).toEqual(
      [
        'album.created',
        'client.created',
        'client.deleted',
        'client.updated',
        'gallery.created',
        'lead.created',
        'lead.deleted',
        'lead.updated',
        'order.created',
        'order.updated',
        'shoot.created',
        'shoot.deleted',
        'shoot.updated',
      ].sort(),
    );
  });

  it('carry the <type>_id and the version member search reads', () => {
    for (const type of indexed) {
      const [docType, action] = type.split('.') as [string, string];
      const members = Object.keys(EVENT_CATALOG[type].data.shape);
      expect(members, type).toContain(`${docType}_id`);
      if (action === 'deleted') expect(members, type).toContain('deleted_at');
      else if (type !== 'gallery.created') expect(members, type).toContain('updated_at');
    }
  });
});
