/**
 * Applies domain events to the index: the catalog's types `<doc type>.created|updated|deleted` of the six searchable
 * types (INDEXED_EVENT_TYPES); the envelope, already read by the index consumer (@studio/amqp/consumer), is the one
 * of docs/decisions/0004-domain-events.md.
 *
 * - created/updated: data is the entity's public JSON with `<type>_id` and `updated_at` (gallery.created has
 *   only gallery_id, shoot_id, title, slug, photo_count: its version is the envelope's created_at).
 * - deleted: data carries `<type>_id` and `deleted_at`; the document becomes a tombstone for good.
 * Each event is applied in one transaction together with its id in the processed-events table, so a
 * redelivered or duplicated event changes nothing, and version/tombstone rules make the order of arrival
 * irrelevant (see store/index.store.ts).
 */
import type { EventEnvelope } from '@studio/amqp';
import type { EventType } from '@studio/contracts/events';
import { isUuid } from '@studio/uuid';
import { analyzeDocument } from './text-analysis.js';
import { isDocType, mapDocument, type DocType } from './document-mapping.js';
import type { DocumentWrite, IndexStore, TombstoneWrite, WriteOutcome } from '../store/index.store.js';

export const INDEX_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type IndexAction = (typeof INDEX_ACTIONS)[number];

/** The catalog's event types search applies (its queue's bindings): `<doc type>.<index action>`. */
export const INDEXED_EVENT_TYPES = [
  'client.created',
  'client.updated',
  'client.deleted',
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'shoot.created',
  'shoot.updated',
  'shoot.deleted',
  'gallery.created',
  'album.created',
  'order.created',
  'order.updated',
] as const satisfies readonly EventType[];
export type IndexedEventType = (typeof INDEXED_EVENT_TYPES)[number];

const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/** An event that can never be applied (bad data): it goes to the dead-letter queue at once. */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

export type ApplyOutcome = WriteOutcome | 'ignored';

function timestamp(value: unknown): Date | null {
  if (typeof value !== 'string' || !ISO_RE.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d;
}

export interface ParsedEvent {
  id: string;
  eventType: string;
  workspaceId: string;
  docType: DocType;
  action: IndexAction;
  docId: string;
  data: Readonly<Record<string, unknown>>;
  createdAt: Date;
}

/** Reads the document an envelope is about; throws InvalidEventError; returns null for a type search does not index. */
export function parseEvent(envelope: EventEnvelope<Readonly<Record<string, unknown>>>): ParsedEvent | null {
  const { id, type, workspace_id: workspaceId, data } = envelope;
  const dot = type.lastIndexOf('.');
  const docType = type.slice(0, dot);
  const action = type.slice(dot + 1);
  if (!isDocType(docType) || !(INDEX_ACTIONS as readonly string[]).includes(action)) return null;
  const created = timestamp(envelope.created_at);
  if (!created) throw new InvalidEventError('envelope created_at is not an ISO timestamp');
  const docId = data[`${docType}_id`] ?? data.id;
  if (!isUuid(docId)) throw new InvalidEventError(`data.${docType}_id is not a UUID`);
  return {
    id: id.toLowerCase(),
    eventType: type,
    workspaceId: workspaceId.toLowerCase(),
    docType,
    action: action as IndexAction,
    docId: docId.toLowerCase(),
    data,
    createdAt: created,
  };
}

/** The document an entity's JSON becomes (used by events and by the rebuild). */
export function documentWrite(
  workspaceId: string,
  type: DocType,
  id: string,
  data: Record<string, unknown>,
  version: Date,
  title?: string | null,
): DocumentWrite {
  const mapped = mapDocument(type, data, title);
  const analyzed = analyzeDocument(mapped.fields);
  return {
    workspaceId,
    type,
    id,
    title: mapped.title,
    fields: mapped.fields.map((f) => [f.name, f.weight, f.text]),
    primary: analyzed.primary,
    secondary: analyzed.secondary,
    wordsPrimary: analyzed.wordsPrimary,
    wordsSecondary: analyzed.wordsSecondary,
    version,
  };
}

export class IndexerService {
  constructor(private readonly store: IndexStore) {}

  /** Applies one event envelope. Throws InvalidEventError when its data cannot be applied. */
  async apply(envelope: EventEnvelope<Readonly<Record<string, unknown>>>): Promise<{ outcome: ApplyOutcome; event: ParsedEvent | null }> {
    const event = parseEvent(envelope);
    if (!event) return { outcome: 'ignored', event: null };
    if (event.action === 'deleted') {
      const deletedAt = timestamp(event.data.deleted_at) ?? event.createdAt;
      const t: TombstoneWrite = { workspaceId: event.workspaceId, type: event.docType, id: event.docId, deletedAt };
      return { outcome: await this.store.tombstoneFromEvent(event.id, event.eventType, t), event };
    }
    const updatedAt = event.data.updated_at;
    const version = timestamp(updatedAt);
    if (updatedAt !== undefined && updatedAt !== null && !version) throw new InvalidEventError('data.updated_at is not an ISO timestamp');
    const doc = documentWrite(event.workspaceId, event.docType, event.docId, event.data, version ?? event.createdAt);
    return { outcome: await this.store.upsertFromEvent(event.id, event.eventType, doc), event };
  }
}
