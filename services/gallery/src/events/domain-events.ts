/**
 * The domain events gallery emits and their `data` payloads (docs/decisions/0004 and 0007). Each is written to the
 * outbox in the same transaction as the change it describes; the relay publishes it to the `studio.events` topic
 * exchange with the type as routing key. The event id (a UUID v4) is the outbox row id.
 *
 * | type | when | data |
 * |---|---|---|
 * | gallery.created | POST /galleries | exactly { gallery_id, shoot_id, title, slug, photo_count } (fixed by the spec) |
 * | gallery.published | first POST /galleries/{id}/publish | the gallery's public JSON + gallery_id |
 * | gallery.delivered | the first client session of the gallery | the gallery's public JSON + gallery_id + client_session_id |
 * | album.created (internal) | CLI create-album | the album's public JSON + album_id |
 *
 * No event ever carries a portal token or a bearer: webhooks leave the system.
 */
import { newOutboxEvent } from '@studio/amqp/outbox-store';
import type { AlbumRow } from '../store/album.store.js';
import type { GalleryRow } from '../store/gallery.store.js';
import type { NewOutboxEvent } from '../store/outbox.store.js';
import { serializeAlbum, serializeGallery } from '../services/serializers.js';

export const EVENT_TYPE = {
  galleryCreated: 'gallery.created',
  galleryPublished: 'gallery.published',
  galleryDelivered: 'gallery.delivered',
  albumCreated: 'album.created',
} as const;
export type EventType = (typeof EVENT_TYPE)[keyof typeof EVENT_TYPE];

/** Wakes the relay after a commit so events leave at once instead of at the next poll. */
export type { EventNotifier } from '@studio/amqp/outbox';

function event(type: EventType, workspaceId: string, data: Record<string, unknown>): NewOutboxEvent {
  return newOutboxEvent(type, workspaceId, data);
}

/** Spec section 6: exactly these five members, nothing else. */
export interface GalleryCreatedData {
  gallery_id: string;
  shoot_id: string;
  title: string;
  slug: string;
  photo_count: number;
}

export function galleryCreated(g: GalleryRow): NewOutboxEvent {
  const data: GalleryCreatedData = { gallery_id: g.id, shoot_id: g.shootId, title: g.title, slug: g.slug, photo_count: g.photoCount };
  return event(EVENT_TYPE.galleryCreated, g.workspaceId, { ...data });
}

export function galleryPublished(g: GalleryRow): NewOutboxEvent {
  return event(EVENT_TYPE.galleryPublished, g.workspaceId, { ...serializeGallery(g), gallery_id: g.id });
}

export function galleryDelivered(g: GalleryRow, clientSessionId: string): NewOutboxEvent {
  return event(EVENT_TYPE.galleryDelivered, g.workspaceId, { ...serializeGallery(g), gallery_id: g.id, client_session_id: clientSessionId });
}

export function albumCreated(a: AlbumRow): NewOutboxEvent {
  return event(EVENT_TYPE.albumCreated, a.workspaceId, { ...serializeAlbum(a), album_id: a.id });
}
