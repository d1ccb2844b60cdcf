/**
 * Search against the event catalog (@studio/contracts/events): which of the catalog's types the index consumer
 * applies (its queue's bindings), and that each of them carries what parseEvent and the version rule read
 * (`<type>_id`, and `updated_at` or `deleted_at`; gallery.created, fixed by the spec, is versioned by the envelope's
 * created_at).
 */
import { EVENT_CATALOG, EVENT_TYPES } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import { DOC_TYPES } from './document-mapping.js';
import { INDEX_ACTIONS, INDEXED_EVENT_TYPES } from './indexer.service.js';

describe('the events search indexes', () => {
  const indexed = [...INDEXED_EVENT_TYPES];

  it('are these catalog types, each <doc type>.<index action>', () => {
    for (const type of indexed) {
      const [docType, action] = type.split('.') as [string, string];
      expect((DOC_TYPES as readonly string[]).includes(docType) && (INDEX_ACTIONS as readonly string[]).includes(action), type).toBe(true);
    }
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

  it('are every catalog type of a searchable record created, updated or deleted (a new one must be indexed)', () => {
    const searchable = EVENT_TYPES.filter((type) => {
      const [docType, action] = type.split('.') as [string, string];
      return (DOC_TYPES as readonly string[]).includes(docType) && (INDEX_ACTIONS as readonly string[]).includes(action);
    });
    expect([...searchable].sort()).toEqual([...INDEXED_EVENT_TYPES].sort());
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
