/**
 * The domain events gallery emits (docs/decisions/0004 and 0007). Their types, when each is emitted and the schema of
 * its data are declared once in the event catalog (@studio/contracts/events; docs/events.md is generated from it):
 * gallery.created (exactly the five members the spec fixes), gallery.published and gallery.delivered (the gallery's
 * public JSON + gallery_id, + client_session_id for delivered), and the internal album.created. `event` accepts only
 * gallery's types and data of the type's shape; domain-events.spec.ts parses what each builder makes with the schema.
 *
 * Each is written to the outbox in the same transaction as the change it describes; the relay publishes it to the
 * `studio.events` topic exchange with the type as routing key. The event id (a UUID v4) is the outbox row id.
 * No event ever carries a portal token or a bearer: webhooks leave the system.
 */
import type { EventBuilder } from '@studio/contracts/events';
import { newOutboxEvent } from '@studio/amqp/outbox-store';
import { serializeAlbum, serializeGallery } from '@studio/contracts/records';
import type { AlbumRow } from '../store/album.store.js';
import type { GalleryRow } from '../store/gallery.store.js';
import type { NewOutboxEvent } from '@studio/amqp/outbox-store';

const event: EventBuilder<'gallery', NewOutboxEvent> = newOutboxEvent;

export function galleryCreated(g: GalleryRow): NewOutboxEvent {
  return event('gallery.created', g.workspaceId, {
    gallery_id: g.id,
    shoot_id: g.shootId,
    title: g.title,
    slug: g.slug,
    photo_count: g.photoCount,
  });
}

export function galleryPublished(g: GalleryRow): NewOutboxEvent {
  return event('gallery.published', g.workspaceId, { ...serializeGallery(g), gallery_id: g.id });
}

export function galleryDelivered(g: GalleryRow, clientSessionId: string): NewOutboxEvent {
  return event('gallery.delivered', g.workspaceId, { ...serializeGallery(g), gallery_id: g.id, client_session_id: clientSessionId });
}

export function albumCreated(a: AlbumRow): NewOutboxEvent {
  return event('album.created', a.workspaceId, { ...serializeAlbum(a), album_id: a.id });
}
