import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseChecker } from '@studio/testkit/openapi';
import { defineRoute } from './route.js';
import { entityOf, exampleOf, exampleUuid } from './openapi-example.js';
import { exampleOfZod, openApiFragment } from './openapi.js';
import { int32, uuid } from './schemas.js';

const exampleOfOperation = (doc: any, path: string, method: string, status: number) =>
  doc.paths[path][method].responses[String(status)].content['application/json'].example;

describe('exampleOf', () => {
  it('derives a value the schema accepts, named sub-schemas included (checked as a real answer would be)', () => {
    const Shot = z.object({ id: z.uuid(), label: z.string().min(1).max(5), done: z.boolean() }).meta({ id: 'Shot' });
    const doc = openApiFragment(
      [
        defineRoute({
          method: 'get',
          path: '/shoots/:id',
          operationId: 'getShoot',
          summary: 's',
          auth: 'token',
          params: z.object({ id: uuid() }),
          response: z.object({
            ok: z.literal(true),
            shoot: z.object({
              id: z.uuid(),
              workspace_id: z.uuid(),
              title: z.string().min(1).max(200),
              state: z.enum(['planned', 'done']),
              starts_at: z.iso.datetime(),
              count: int32(0, 10),
              notes: z.string().nullable(),
              shots: z.array(Shot).min(2),
              tags: z.record(z.string(), z.int()),
            }),
          }),
          errors: ['forbidden', 'conflict'],
          handler: () => null,
        }),
      ],
      { title: 't' },
    );
    const check = responseChecker(doc);
    const example = exampleOfOperation(doc, '/shoots/{id}', 'get', 200);
    expect(check('GET', '/shoots/{id}', 200, example)).toEqual([]);
    expect(example.shoot.state).toBe('planned');
    expect(example.shoot.shots).toHaveLength(2);
    expect(example.shoot.shots[0].label.length).toBeLessThanOrEqual(5);
    // Every error response the operation lists shows a body valid against its schema.
    for (const status of [400, 401, 403, 404, 409, 429, 500, 503]) {
      const response = (doc.paths['/shoots/{id}']!.get!.responses as any)[String(status)];
      const name = response.$ref.split('/').pop();
      const body = (doc.components.responses as any)[name].content['application/json'].example;
      expect(check('GET', '/shoots/{id}', status, body), String(status)).toEqual([]);
    }
  });

  it('gives one entity the same UUID everywhere: gallery.id, gallery_id and the {id} of /galleries/{id}', () => {
    const doc = openApiFragment(
      [
        defineRoute({
          method: 'get',
          path: '/galleries/:id',
          operationId: 'getGallery',
          summary: 's',
          auth: 'token',
          params: z.object({ id: uuid() }),
          response: z.object({ ok: z.literal(true), gallery: z.object({ id: z.uuid(), shoot_id: z.uuid() }) }),
          handler: () => null,
        }),
        defineRoute({
          method: 'get',
          path: '/shoots/:id',
          operationId: 'getShoot',
          summary: 's',
          auth: 'token',
          params: z.object({ id: uuid() }),
          response: z.object({ ok: z.literal(true), gallery_id: z.uuid() }),
          handler: () => null,
        }),
      ],
      { title: 't' },
    );
    const gallery = doc.paths['/galleries/{id}']!.get! as any;
    const shoot = doc.paths['/shoots/{id}']!.get! as any;
    expect(gallery.parameters[0].example).toBe(exampleUuid('Gallery'));
    expect(gallery.responses['200'].content['application/json'].example.gallery).toEqual({
      id: exampleUuid('Gallery'),
      shoot_id: exampleUuid('Shoot'),
    });
    expect(shoot.parameters[0].example).toBe(exampleUuid('Shoot'));
    expect(shoot.responses['200'].content['application/json'].example.gallery_id).toBe(exampleUuid('Gallery'));
  });

  it("prefers the schema's own example, const, default and enum, and the route's written example", () => {
    const components = {};
    expect(exampleOf({ type: 'string', examples: ['x1'] }, components)).toBe('x1');
    expect(exampleOf({ const: false }, components)).toBe(false);
    expect(exampleOf({ type: 'integer', minimum: 1, maximum: 100, default: 50 }, components)).toBe(50);
    expect(exampleOf({ type: ['string', 'null'], enum: [null, 'a'] }, components)).toBe('a');
    expect(exampleOf({ anyOf: [{ type: 'null' }, { type: 'integer', minimum: 7 }] }, components)).toBe(7);
    const doc = openApiFragment(
      [
        defineRoute({
          method: 'post',
          path: '/things',
          operationId: 'createThing',
          summary: 's',
          auth: 'token',
          body: z.object({ a: z.string().optional(), b: z.string().optional() }),
          example: { request: { a: 'only a' }, response: { ok: true } },
          response: z.object({ ok: z.literal(true) }),
          handler: () => null,
        }),
      ],
      { title: 't' },
    );
    const op = doc.paths['/things']!.post! as any;
    expect(op.requestBody.content['application/json'].example).toEqual({ a: 'only a' });
    expect(op.responses['200'].content['application/json'].example).toEqual({ ok: true });
  });

  it('keeps numbers and lengths inside their bounds', () => {
    expect(exampleOf({ type: 'integer', minimum: 5 }, {})).toBe(5);
    expect(exampleOf({ type: 'integer', exclusiveMinimum: 5 }, {})).toBe(6);
    expect(exampleOf({ type: 'integer', maximum: 0 }, {}, 'width')).toBe(0);
    expect(exampleOf({ type: 'string', minLength: 30 }, {}, 'title')).toHaveLength(30);
    expect(exampleOf({ type: 'string', maxLength: 3 }, {}, 'title')).toHaveLength(3);
  });

  it('refuses a pattern it cannot meet, naming the member and the fix', () => {
    expect(() => exampleOf({ type: 'string', pattern: '^[0-9a-f]{64}$' }, {}, 'sha256')).toThrow(/sha256.*\.meta\(\{ examples \}\)/);
  });

  it('names entities from plural path segments and member names', () => {
    expect(entityOf('galleries')).toBe('Gallery');
    expect(entityOf('cull-jobs')).toBe('CullJob');
    expect(entityOf('shoot_list_items')).toBe('ShootListItem');
    expect(entityOf('address')).toBe('Address');
    expect(exampleUuid('Shoot')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(exampleUuid('Shoot')).toBe(exampleUuid('Shoot'));
    expect(exampleUuid('Shoot')).not.toBe(exampleUuid('Client'));
  });
});

describe('exampleOfZod', () => {
  it('derives a value the zod schema itself accepts, with one UUID per entity when the entity is named', () => {
    const schema = z.strictObject({
      id: z.guid(),
      gallery_id: z.guid(),
      shoot_id: z.guid(),
      state: z.enum(['draft', 'published']),
      published_at: z.iso.datetime().nullable(),
      photo_count: z.int(),
      counts: z.strictObject({ keepers: z.int() }).nullable(),
    });
    const example = exampleOfZod(schema, 'Gallery') as z.infer<typeof schema>;
    expect(schema.parse(example)).toEqual(example);
    expect(example.id).toBe(exampleUuid('Gallery'));
    expect(example.gallery_id).toBe(example.id);
    expect(example.shoot_id).toBe(exampleUuid('Shoot'));
    expect(example.state).toBe('draft');
    expect(example.counts).toEqual({ keepers: 1 });
  });
});
