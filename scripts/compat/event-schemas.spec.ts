/**
 * The event catalog stays readable by the previous release's consumers (scripts/compat/event-schemas.ts): the
 * comparison itself on small schemas, then HEAD's catalog against the release's, read from git
 * (scripts/lib/releases.ts), and a real event changed on purpose to prove the check fails.
 */
import path from 'node:path';
import { EVENT_CATALOG } from '@studio/contracts/events';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { previousRelease, releaseTree, releases, tagCommit } from '../lib/releases.js';
import { catalogSchemas, compareCatalogs, compareSchemas, type CatalogEntry, type JsonSchema } from './event-schemas.js';

const schema = (shape: z.ZodRawShape) => z.toJSONSchema(z.object(shape).strict()) as JsonSchema;
const compare = (prev: z.ZodRawShape, next: z.ZodRawShape) => compareSchemas(schema(prev), schema(next), 'e.data');

describe('compareSchemas', () => {
  const base = { id: z.uuid(), title: z.string(), count: z.number().int(), at: z.iso.datetime(), tags: z.array(z.string()) };

  it('accepts the same schema, added members, narrowed types and added enum values', () => {
    expect(compare(base, base)).toEqual([]);
    expect(compare(base, { ...base, extra: z.string() })).toEqual([]);
    expect(compare({ ...base, note: z.string().nullable() }, { ...base, note: z.string() })).toEqual([]);
    expect(compare({ ...base, state: z.enum(['a', 'b']) }, { ...base, state: z.enum(['a', 'b', 'c']) })).toEqual([]);
    expect(compare({ ...base, n: z.number() }, { ...base, n: z.number().int() })).toEqual([]);
  });

  it('refuses a removed member, a retyped one, a newly nullable or optional one, a changed format', () => {
    const { title: _title, ...withoutTitle } = base;
    expect(compare(base, withoutTitle)).toEqual(['e.data.title: removed']);
    expect(compare(base, { ...base, count: z.string() })).toEqual(['e.data.count: retyped: was integer, is string']);
    expect(compare(base, { ...base, title: z.string().nullable() })).toEqual(['e.data.title: retyped: was string, is null | string']);
    expect(compare(base, { ...base, title: z.string().optional() })).toEqual(['e.data.title: was always present, is now optional']);
    expect(compare(base, { ...base, id: z.string() })).toEqual(['e.data.id: format changed from uuid to none']);
    expect(compare(base, { ...base, tags: z.array(z.number()) })).toEqual(['e.data.tags[]: retyped: was string, is number']);
  });

  it('looks into nested objects and nullable objects', () => {
    const prev = { shoot: z.object({ id: z.uuid(), client: z.object({ name: z.string() }).strict().nullable() }).strict() };
    const next = { shoot: z.object({ id: z.uuid(), client: z.object({}).strict().nullable() }).strict() };
    expect(compare(prev, next)).toEqual(['e.data.shoot.client.name: removed']);
  });

  it('refuses a catalog that lost an event type', () => {
    expect(compareCatalogs({ 'a.created': schema(base), 'a.deleted': schema(base) }, { 'a.created': schema(base) })).toEqual([
      'a.deleted: the event type is gone',
    ]);
  });
});

describe('the event catalog against the previous release', () => {
  const release = previousRelease();

  it(`names a release before HEAD whose tag, when the clone has it, is on its commit (v${releases().at(-1)!.version})`, () => {
    expect(release.commit).toMatch(/^[0-9a-f]{40}$/);
    const tagged = tagCommit(release.version);
    if (tagged !== null) expect(tagged).toBe(release.commit);
  });

  const head = catalogSchemas(EVENT_CATALOG as unknown as Record<string, CatalogEntry>);
  const releaseCatalog = async () => {
    const tree = releaseTree(release, ['libs']);
    const mod = (await import(path.join(tree, 'libs/contracts/src/events/event-catalog.ts'))) as {
      EVENT_CATALOG: Record<string, CatalogEntry>;
    };
    return catalogSchemas(mod.EVENT_CATALOG);
  };

  it('HEAD sends nothing the release cannot read: no type, member or format removed or retyped', async () => {
    const prev = await releaseCatalog();
    expect(Object.keys(prev).length).toBeGreaterThanOrEqual(28);
    expect(compareCatalogs(prev, head)).toEqual([]);
  }, 60_000);

  it('a member removed from a real event, or made nullable, is caught', async () => {
    const prev = await releaseCatalog();
    const shoot = EVENT_CATALOG['shoot.created'].data as z.ZodObject;
    const changed = {
      ...head,
      'shoot.created': z.toJSONSchema(shoot.omit({ title: true })) as JsonSchema,
      'gallery.created': z.toJSONSchema(
        (EVENT_CATALOG['gallery.created'].data as z.ZodObject).extend({ slug: z.string().nullable() }),
      ) as JsonSchema,
    };
    expect(compareCatalogs(prev, changed)).toEqual([
      'gallery.created.data.slug: retyped: was string, is null | string',
      'shoot.created.data.title: removed',
    ]);
  }, 60_000);
});
