/**
 * Applies domain events to the index. Routing keys `<type>.created|updated|deleted` for the six searchable
 * types; the envelope is the one of docs/decisions/0004-domain-events.md.
 *
 * - created/updated: data is the entity's public JSON with `<type>_id` and `updated_at` (gallery.created has
 *   only gallery_id, shoot_id, title, slug, photo_count: its version is the envelope's created_at).
 * - deleted: data carries `<type>_id` and `deleted_at`; the document becomes a tombstone for good.
 * Each event is applied in one transaction together with its id in the processed-events table, so a
 * redelivered or duplicated event changes nothing, and version/tombstone rules make the order of arrival
 * irrelevant (see store/index.store.ts).
 */
import type { EventEnvelope } from '@studio/amqp';
import { analyzeDocument } from './text-analysis.js';
import { DOC_TYPES, isDocType, mapDocument, type DocType } from './document-mapping.js';
import type { DocumentWrite, IndexStore, TombstoneWrite, WriteOutcome } from '../store/index.store.js';

export const INDEX_ACTIONS = ['created', 'updated', 'deleted'] as const;
export type IndexAction = (typeof INDEX_ACTIONS)[number];
export const INDEX_ROUTING_KEYS: string[] = DOC_TYPES.flatMap((t) => INDEX_ACTIONS.map((a) => `${t}.${a}`));

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ISO_RE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:?\d{2})$/;

/** An event that can never be applied (bad envelope or data): it goes to the dead-letter queue at once. */
export class InvalidEventError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'InvalidEventError';
  }
}

export type ApplyOutcome = WriteOutcome | 'ignored';

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

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
  data: Record<string, unknown>;
  createdAt: Date;
}

/** Validates an envelope; throws InvalidEventError; returns null for event types search does not index. */
export function parseEvent(raw: unknown): ParsedEvent | null {
  if (!isRecord(raw)) throw new InvalidEventError('envelope is not an object');
  const { id, type, workspace_id: workspaceId, data, created_at: createdAt } = raw as Partial<EventEnvelope> & Record<string, unknown>;
  if (typeof id !== 'string' || !UUID_RE.test(id)) throw new InvalidEventError('envelope id is not a UUID');
  if (typeof type !== 'string') throw new InvalidEventError('envelope type is missing');
  const dot = type.lastIndexOf('.');
  const docType = type.slice(0, dot);
  const action = type.slice(dot + 1);
  if (!isDocType(docType) || !(INDEX_ACTIONS as readonly string[]).includes(action)) return null;
  if (typeof workspaceId !== 'string' || !UUID_RE.test(workspaceId)) throw new InvalidEventError('envelope workspace_id is not a UUID');
  if (!isRecord(data)) throw new InvalidEventError('envelope data is not an object');
  const created = timestamp(createdAt);
  if (!created) throw new InvalidEventError('envelope created_at is not an ISO timestamp');
  const docId = data[`${docType}_id`] ?? data.id;
  if (typeof docId !== 'string' || !UUID_RE.test(docId)) throw new InvalidEventError(`data.${docType}_id is not a UUID`);
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

  /** Applies one event envelope. Throws InvalidEventError for a malformed one. */
  async apply(raw: unknown): Promise<{ outcome: ApplyOutcome; event: ParsedEvent | null }> {
    const event = parseEvent(raw);
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
