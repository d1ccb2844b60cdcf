/**
 * The event types and their `data` are generated from the service's catalog (devDependency only): the committed
 * generated/events.ts must be what the generator makes of the catalog today, and its types must be the catalog's.
 * The type-level checks below are compiled by `npm run typecheck`; a wrong one fails it.
 */
import { readFileSync } from 'node:fs';
import { type EventData, PUBLIC_EVENT_TYPES, type PublicEventType } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import { EVENTS_FILE, REGENERATE_COMMAND, generateEventsSource } from '../scripts/generate.js';
import {
  type UnknownWebhookEvent,
  WEBHOOK_EVENT_TYPES,
  type WebhookEvent,
  type WebhookEventDataMap,
  type WebhookEventType,
  isWebhookEventType,
} from './events.js';

type Equal<A, B> = (<X>() => X extends A ? 1 : 2) extends <X>() => X extends B ? 1 : 2 ? true : false;

describe('generated/events.ts', () => {
  it('is what the event catalog generates (else run the command named in the failure and commit the file)', async () => {
    const committed = readFileSync(EVENTS_FILE, 'utf8');
    const generated = await generateEventsSource();
    expect(committed.startsWith('// Generated from the event catalog')).toBe(true);
    expect(
      committed === generated,
      `packages/webhooks/src/generated/events.ts is out of date with the event catalog: run \`${REGENERATE_COMMAND}\` and commit it`,
    ).toBe(true);
  });

  it('lists exactly the public types of the event catalog, in its order', () => {
    const sameUnion: Equal<WebhookEventType, PublicEventType> = true;
    expect(sameUnion).toBe(true);
    expect([...WEBHOOK_EVENT_TYPES]).toEqual([...PUBLIC_EVENT_TYPES]);
    expect(WEBHOOK_EVENT_TYPES).toHaveLength(28);
  });

  it("types each public type's data exactly as the catalog's zod schema infers it", () => {
    // One check per type: a member added, dropped, renamed or retyped in the catalog and not regenerated fails to compile.
    const same: { [T in PublicEventType]: Equal<WebhookEventDataMap[T], EventData<T>> } = {} as never;
    const allTrue: { [T in PublicEventType]: true } = same;
    expect(allTrue).toBeDefined();
  });
});

describe('WebhookEvent', () => {
  it('narrows data on the event type', () => {
    const event = {
      id: 'e',
      type: 'gallery.published',
      created_at: '2026-11-22T10:00:00.000Z',
      workspace_id: 'w',
      api_version: '2026-11',
      data: { gallery_id: 'g' },
    } as WebhookEvent;
    const seen: string[] = [];
    switch (event.type) {
      case 'gallery.published': {
        const id: string = event.data.gallery_id;
        const state: 'draft' | 'published' = event.data.state;
        // @ts-expect-error: gallery.published data has no such member
        event.data.nope;
        seen.push(id, String(state));
        break;
      }
      case 'ai_job.done': {
        // @ts-expect-error: counts is nullable
        event.data.counts.keeper;
        const state: 'succeeded' | 'failed' = event.data.state;
        seen.push(state);
        break;
      }
      default: {
        const other = event as unknown as UnknownWebhookEvent;
        seen.push(other.type);
      }
    }
    // @ts-expect-error: not an event type
    if (event.type === 'gallery.publish') seen.push('never');
    expect(seen).toEqual(['g', 'undefined']);
  });

  it('tells known public types from others', () => {
    expect(isWebhookEventType('gallery.published')).toBe(true);
    expect(isWebhookEventType('order.updated')).toBe(false); // internal
    expect(isWebhookEventType('nope')).toBe(false);
  });
});
