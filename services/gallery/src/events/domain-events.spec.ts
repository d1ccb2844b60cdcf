/**
 * Every gallery event builder against the event catalog: what it makes (as the outbox stores it, JSON) must parse
 * with its type's strict data schema, and together the builders must cover every type gallery produces there.
 */
import { eventDataIssues, eventTypesOf } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import type { AlbumRow } from '../store/album.store.js';
import type { GalleryRow } from '../store/gallery.store.js';
import { albumCreated, galleryCreated, galleryDelivered, galleryPublished } from './domain-events.js';

const WORKSPACE = '11111111-1111-4111-8111-111111111111';
const ID = '22222222-2222-4222-8222-222222222222';
const OTHER = '33333333-3333-4333-8333-333333333333';
const T0 = new Date('2026-11-22T10:00:00.123Z');
const T1 = new Date('2026-11-23T08:30:00.000Z');

const draft: GalleryRow = {
  id: ID,
  workspaceId: WORKSPACE,
  shootId: OTHER,
  title: 'Wedding',
  slug: 'wedding',
  state: 'draft',
  photoCount: 3,
  createdBy: OTHER,
  publishedAt: null,
  deliveredAt: null,
  createdAt: T0,
  updatedAt: T0,
};
const delivered: GalleryRow = { ...draft, state: 'published', publishedAt: T0, deliveredAt: T1, updatedAt: T1 };
const album: AlbumRow = {
  id: OTHER,
  workspaceId: WORKSPACE,
  galleryId: ID,
  title: 'Ceremony',
  description: null,
  photoCount: 0,
  createdAt: T0,
  updatedAt: T0,
};

describe('gallery events', () => {
  const events = [
    ...[draft, delivered].flatMap((g) => [galleryCreated(g), galleryPublished(g), galleryDelivered(g, OTHER)]),
    albumCreated(album),
    albumCreated({ ...album, description: 'The vows', photoCount: 2 }),
  ];

  it('carry data that parses with the schema of their type in the event catalog', () => {
    for (const e of events) expect(eventDataIssues(e.type, e.payload), `${e.type}: ${JSON.stringify(e.payload)}`).toEqual([]);
  });

  it('cover every type the catalog names gallery as the producer of', () => {
    expect([...new Set(events.map((e) => e.type))].sort()).toEqual([...eventTypesOf('gallery')].sort());
  });

  it('keep gallery.created to the five members of the spec', () => {
    expect(galleryCreated(delivered).payload).toEqual({
      gallery_id: ID,
      shoot_id: OTHER,
      title: 'Wedding',
      slug: 'wedding',
      photo_count: 3,
    });
  });
});
