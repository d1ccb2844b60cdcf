/**
 * Issue 28 item 1, black box: losing Redis never makes a keyed request run twice (ARCHITECTURE.md "Idempotency is
 * durable"; the services keep each keyed request's key, fingerprint and answer in their own database, the gateway's
 * Redis record is only the fast path).
 *
 * For EVERY route of the gateway's IDEMPOTENT_ROUTES (the list is read from gateway/src/http/route-table.ts, so a new
 * keyed route without a case here fails the first test):
 * 1. the request with a fresh key succeeds;
 * 2. the token's records are deleted from Redis (SCAN MATCH `<prefix>idem:<token id>:*` + DEL: what a Redis restart
 *    without persistence does to them; the db is shared with other files, so no FLUSHDB);
 * 3. the same request again answers the same status and the same bytes with `Idempotent-Replayed: true`, and the
 *    operation happened once (counted through the API, the receiver of a webhook, or the service's own database when
 *    the API cannot tell). A route whose second run the resource's state would refuse (files/complete: 409) or answer
 *    differently (fresh presigned URLs, `created: false`, a new secret) must still replay the first answer;
 * 4. the records are deleted again, and the same key on another request (another body, or another resource for a
 *    route without a body) is 422 idempotency_conflict; where the other request could leave a trace, it left none.
 */
import { createHmac, randomUUID } from 'node:crypto';
import { runSql } from '@studio/testkit/db';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { API_BASE, IDEMPOTENT_ROUTES } from '../gateway/src/http/route-table.js';
import { api, type ApiResponse } from './support/client.js';
import { createGallery, shootWithKeepers } from './support/gallery.js';
import { idempotencyRecordKey, idempotencyRecords, type IdempotencyRecords } from './support/idempotency-records.js';
import { createToken, tenant } from './support/operator.js';
import { createShoot, makeJpeg, putTo, sha256Hex } from './support/photos.js';
import { until } from './support/poll.js';
import { allDeliveries, parseSignature, registerLegacy, startReceiver, verify, type Receiver } from './support/webhooks.js';

/** One request: a path under /api/v1 and its JSON body (none when undefined). */
interface Call {
  path: string;
  body?: unknown;
}

interface Prepared extends Call {
  /** Another request under the same key: another body, or (a route without a body) another resource. */
  other: Call;
  /** Shows that the operation ran once, given the first answer. */
  once(first: ApiResponse): Promise<void>;
  /** Shows that `other` (answered 422) changed nothing, where it could have. */
  otherDidNotRun?(): Promise<void>;
}

describe("Idempotency-Key survives the loss of the gateway's Redis records (issue 28 item 1)", () => {
  let workspaceId: string;
  let token: string;
  let tokenId: string;
  /** A shoot with one ready keeper for the gallery routes, another for the cull job (it changes keeper flags). */
  let galleryShoot: { shootId: string; photoIds: string[] };
  let cullShoot: { shootId: string; photoIds: string[] };
  let jpeg: Buffer;
  let receiver: Receiver;
  let records: IdempotencyRecords;

  beforeAll(async () => {
    const t = await tenant(['owner']);
    workspaceId = t.workspaceId;
    // Its own token, with its id: the records to drop are the ones under it.
    ({ token, token_id: tokenId } = await createToken(t.profiles.owner, { name: 'durable idempotency' }));
    [galleryShoot, cullShoot, jpeg, receiver] = await Promise.all([
      shootWithKeepers(token, workspaceId, 1),
      shootWithKeepers(token, workspaceId, 1),
      makeJpeg({ width: 320, height: 240, seed: 28 }),
      startReceiver(),
    ]);
    records = idempotencyRecords();
  }, 180_000);

  afterAll(async () => {
    await records?.close();
    await receiver?.close();
  });

  // ------------------------------------------------------------------------------------------------ helpers

  const keyed = (call: Call, key: string) => api('POST', call.path, { token, body: call.body, headers: { 'idempotency-key': key } });
  /** An unkeyed request that must succeed (a fixture). */
  const must = async (path: string, body?: unknown) => {
    const res = await api('POST', path, { token, body });
    expect(res.status, `POST ${path}: ${res.text}`).toBeGreaterThanOrEqual(200);
    expect(res.status, `POST ${path}: ${res.text}`).toBeLessThan(300);
    return res.body;
  };
  const read = async (path: string, query?: Record<string, string | number>) => {
    const res = await api('GET', path, { token, query });
    expect(res.status, `GET ${path}: ${res.text}`).toBe(200);
    return res.body;
  };
  const count = async (db: 'studio' | 'gallery' | 'upload' | 'webhooks', sql: string, values: unknown[]) => {
    const url = inject('databaseUrls')[db];
    if (!url) throw new Error(`no database url for ${db}`);
    const [row] = await runSql(url, `SELECT count(*)::int AS n FROM (${sql}) q`, values);
    return row!.n as number;
  };
  /** Outbox rows of `type` naming `id` (the services keep sent rows): how many times the event was emitted. */
  const emitted = (db: 'gallery' | 'upload', type: string, id: string) =>
    count(db, 'SELECT 1 FROM outbox WHERE type = $1 AND payload::text LIKE $2', [type, `%${id}%`]);

  const fileSpec = (name: string) => ({ file_name: name, content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) });
  const newSession = async (shootId?: string) =>
    (await must('/upload-sessions', { shoot_id: shootId ?? (await createShoot(token, workspaceId, 'Durable session')) })).session
      .id as string;
  const newFile = async (sessionId: string) =>
    (await must(`/upload-sessions/${sessionId}/files`, { files: [fileSpec('one.jpg')] })).files[0].id as string;
  const session = async (sessionId: string) => (await read(`/upload-sessions/${sessionId}`)).session;
  /** Signs part 1, PUTs the JPEG there; returns the object store's ETag. */
  const uploadPart = async (sessionId: string, fileId: string) => {
    const [target] = (await must(`/upload-sessions/${sessionId}/files/${fileId}/parts/sign`, { part_numbers: [1] })).parts;
    const put = await putTo(target, jpeg);
    expect(put.status).toBe(200);
    return put.headers.get('etag')!;
  };
  const unknownFile = () => `/upload-sessions/${randomUUID()}/files/${randomUUID()}`;
  const receiverUrl = (what: string) => `${receiver.url}/durable/${what}/${randomUUID()}`;
  const delivery = async (id: string) => (await read(`/webhook-deliveries/${id}`)).delivery;

  // ------------------------------------------------------------------------------------------------ one case per route

  /** Keyed by the route's pattern under /api/v1, as in IDEMPOTENT_ROUTES. */
  const cases: Record<string, () => Promise<Prepared>> = {
    '/shoots': async () => {
      const title = `Durable shoot ${randomUUID()}`;
      const titled = async (x: string) =>
        (await read('/shoots', { workspace_id: workspaceId, limit: 100 })).items.filter((s: { title: string }) => s.title === x);
      return {
        path: '/shoots',
        body: { workspace_id: workspaceId, title },
        other: { path: '/shoots', body: { workspace_id: workspaceId, title: `${title} (other)` } },
        once: async (first) => expect((await titled(title)).map((s: { id: string }) => s.id)).toEqual([first.body.shoot.id]),
        otherDidNotRun: async () => expect(await titled(`${title} (other)`)).toHaveLength(0),
      };
    },

    '/clients': async () => {
      const name = `Durable client ${randomUUID()}`;
      const named = async (x: string) =>
        (await read('/clients', { workspace_id: workspaceId, limit: 100 })).items.filter((c: { name: string }) => c.name === x);
      return {
        path: '/clients',
        body: { workspace_id: workspaceId, name },
        other: { path: '/clients', body: { workspace_id: workspaceId, name: `${name} (other)` } },
        once: async (first) => expect((await named(name)).map((c: { id: string }) => c.id)).toEqual([first.body.client.id]),
        otherDidNotRun: async () => expect(await named(`${name} (other)`)).toHaveLength(0),
      };
    },

    '/galleries': async () => {
      const title = `Durable gallery ${randomUUID()}`;
      const titled = async (x: string) =>
        (await read('/galleries', { workspace_id: workspaceId, limit: 100 })).items.filter((g: { title: string }) => g.title === x);
      return {
        path: '/galleries',
        body: { shoot_id: galleryShoot.shootId, title },
        other: { path: '/galleries', body: { shoot_id: galleryShoot.shootId, title: `${title} (other)` } },
        once: async (first) => expect((await titled(title)).map((g: { id: string }) => g.id)).toEqual([first.body.gallery.id]),
        otherDidNotRun: async () => expect(await titled(`${title} (other)`)).toHaveLength(0),
      };
    },

    '/galleries/{id}/publish': async () => {
      const [gallery, otherGallery] = await Promise.all([
        createGallery(token, galleryShoot.shootId),
        createGallery(token, galleryShoot.shootId),
      ]);
      return {
        path: `/galleries/${gallery.id}/publish`,
        other: { path: `/galleries/${otherGallery.id}/publish` },
        once: async (first) => {
          expect(first.body.gallery.state).toBe('published');
          expect(await emitted('gallery', 'gallery.published', gallery.id)).toBe(1);
        },
        otherDidNotRun: async () => expect((await read(`/galleries/${otherGallery.id}`)).gallery.state).toBe('draft'),
      };
    },

    '/galleries/{id}/favorites': async () => {
      const gallery = await createGallery(token, galleryShoot.shootId);
      return {
        path: `/galleries/${gallery.id}/favorites`,
        body: { photo_id: galleryShoot.photoIds[0] },
        other: { path: `/galleries/${gallery.id}/favorites`, body: { photo_id: randomUUID() } },
        once: async () => expect(await count('gallery', 'SELECT 1 FROM favorites WHERE gallery_id = $1', [gallery.id])).toBe(1),
      };
    },

    '/photos': async () => {
      const shootId = await createShoot(token, workspaceId, 'Durable photos');
      const fileName = `durable-${randomUUID()}.jpg`;
      const named = (x: string) => count('upload', 'SELECT 1 FROM photos WHERE shoot_id = $1 AND file_name = $2', [shootId, x]);
      return {
        path: '/photos',
        body: { shoot_id: shootId, ...fileSpec(fileName) },
        other: { path: '/photos', body: { shoot_id: shootId, ...fileSpec(`other-${fileName}`) } },
        once: async () => expect(await named(fileName)).toBe(1),
        otherDidNotRun: async () => expect(await named(`other-${fileName}`)).toBe(0),
      };
    },

    '/photos/{id}/finalize': async () => {
      const shootId = await createShoot(token, workspaceId, 'Durable finalize');
      const created = await must('/photos', { shoot_id: shootId, ...fileSpec('finalize.jpg') });
      expect((await putTo(created.upload, jpeg)).status).toBe(200);
      const photoId = created.photo.id as string;
      return {
        path: `/photos/${photoId}/finalize`,
        other: { path: `/photos/${randomUUID()}/finalize` },
        once: async () => expect(await emitted('upload', 'photo.uploaded', photoId)).toBe(1),
      };
    },

    '/upload-sessions': async () => {
      const shootId = await createShoot(token, workspaceId, 'Durable sessions');
      return {
        path: '/upload-sessions',
        body: { shoot_id: shootId },
        other: { path: '/upload-sessions', body: { shoot_id: randomUUID() } },
        once: async () => expect(await count('upload', 'SELECT 1 FROM upload_sessions WHERE shoot_id = $1', [shootId])).toBe(1),
      };
    },

    '/upload-sessions/{id}/files': async () => {
      const sessionId = await newSession();
      return {
        path: `/upload-sessions/${sessionId}/files`,
        body: { files: [fileSpec('a.jpg')] },
        other: { path: `/upload-sessions/${sessionId}/files`, body: { files: [fileSpec('b.jpg')] } },
        once: async (first) => expect((await session(sessionId)).files.map((f: { id: string }) => f.id)).toEqual([first.body.files[0].id]),
        otherDidNotRun: async () => expect((await session(sessionId)).files).toHaveLength(1),
      };
    },

    '/upload-sessions/{id}/files/{fileId}/parts/sign': async () => {
      const sessionId = await newSession();
      const fileId = await newFile(sessionId);
      return {
        path: `/upload-sessions/${sessionId}/files/${fileId}/parts/sign`,
        body: { part_numbers: [1] },
        other: { path: `${unknownFile()}/parts/sign`, body: { part_numbers: [1] } },
        // Signing writes nothing: the replayed answer (the same URLs, not freshly signed ones) is the proof.
        once: async (first) => expect(first.body.parts).toHaveLength(1),
      };
    },

    '/upload-sessions/{id}/files/{fileId}/parts/complete': async () => {
      const sessionId = await newSession();
      const fileId = await newFile(sessionId);
      const etag = await uploadPart(sessionId, fileId);
      return {
        path: `/upload-sessions/${sessionId}/files/${fileId}/parts/complete`,
        body: { part_number: 1, etag },
        other: {
          path: `/upload-sessions/${sessionId}/files/${fileId}/parts/complete`,
          body: { part_number: 1, etag: `"${'0'.repeat(32)}"` },
        },
        once: async () => {
          const [file] = (await session(sessionId)).files;
          expect(file.parts.map((p: { etag: string }) => p.etag)).toEqual([etag]);
        },
        otherDidNotRun: async () => {
          const [file] = (await session(sessionId)).files;
          expect(file.parts.map((p: { etag: string }) => p.etag)).toEqual([etag]);
        },
      };
    },

    '/upload-sessions/{id}/files/{fileId}/complete': async () => {
      const sessionId = await newSession();
      const fileId = await newFile(sessionId);
      const etag = await uploadPart(sessionId, fileId);
      await must(`/upload-sessions/${sessionId}/files/${fileId}/parts/complete`, { part_number: 1, etag });
      return {
        // Run again, it would be 409 (the file is complete): the replay must be the first 200.
        path: `/upload-sessions/${sessionId}/files/${fileId}/complete`,
        other: { path: `${unknownFile()}/complete` },
        once: async (first) => {
          expect(first.body.file.state).toBe('completed');
          const photoId = first.body.photo.id as string;
          expect(await count('upload', 'SELECT 1 FROM photos WHERE upload_file_id = $1', [fileId])).toBe(1);
          expect(await emitted('upload', 'photo.uploaded', photoId)).toBe(1);
        },
      };
    },

    '/upload-sessions/{id}/files/{fileId}/abort': async () => {
      const sessionId = await newSession();
      const fileId = await newFile(sessionId);
      return {
        path: `/upload-sessions/${sessionId}/files/${fileId}/abort`,
        other: { path: `${unknownFile()}/abort` },
        once: async (first) => {
          expect(first.body.file.state).toBe('aborted');
          expect((await session(sessionId)).files[0].state).toBe('aborted');
        },
      };
    },

    '/upload-sessions/{id}/finalize': async () => {
      const sessionId = await newSession();
      const fileId = await newFile(sessionId);
      return {
        path: `/upload-sessions/${sessionId}/finalize`,
        other: { path: `/upload-sessions/${randomUUID()}/finalize` },
        once: async (first) => {
          expect(first.body.incomplete_files.map((f: { id: string }) => f.id)).toEqual([fileId]);
          expect((await session(sessionId)).state).toBe('finalized');
        },
      };
    },

    '/upload-sessions/{id}/resume': async () => {
      const sessionId = await newSession();
      await newFile(sessionId);
      return {
        path: `/upload-sessions/${sessionId}/resume`,
        other: { path: `/upload-sessions/${randomUUID()}/resume` },
        // A manifest with freshly signed URLs each run: the replayed answer (the same URLs) is the proof.
        once: async (first) => expect(first.body.files[0].parts_missing).toEqual([1]),
      };
    },

    '/upload-sessions/{id}/pause': async () => {
      const sessionId = await newSession();
      return {
        path: `/upload-sessions/${sessionId}/pause`,
        other: { path: `/upload-sessions/${randomUUID()}/pause` },
        once: async () => expect((await session(sessionId)).state).toBe('paused'),
      };
    },

    '/upload-sessions/{id}/unpause': async () => {
      const sessionId = await newSession();
      await must(`/upload-sessions/${sessionId}/pause`);
      return {
        path: `/upload-sessions/${sessionId}/unpause`,
        other: { path: `/upload-sessions/${randomUUID()}/unpause` },
        once: async () => expect((await session(sessionId)).state).toBe('in_flight'),
      };
    },

    '/ai/cull-jobs': async () => {
      const jobs = () => count('upload', 'SELECT 1 FROM ai_jobs WHERE shoot_id = $1', [cullShoot.shootId]);
      expect(await jobs()).toBe(0);
      return {
        path: '/ai/cull-jobs',
        body: { shoot_id: cullShoot.shootId, sensitivity: 'medium' },
        other: { path: '/ai/cull-jobs', body: { shoot_id: cullShoot.shootId, sensitivity: 'high' } },
        once: async () => expect(await jobs()).toBe(1),
        otherDidNotRun: async () => expect(await jobs()).toBe(1),
      };
    },

    '/webhook-endpoints': async () => {
      const url = receiverUrl('legacy');
      const at = (x: string) => count('webhooks', 'SELECT 1 FROM endpoints WHERE workspace_id = $1 AND url = $2', [workspaceId, x]);
      return {
        path: '/webhook-endpoints',
        body: { workspace_id: workspaceId, url, event_types: ['gallery.published'] },
        other: { path: '/webhook-endpoints', body: { workspace_id: workspaceId, url: `${url}/other`, event_types: ['gallery.published'] } },
        // The replay carries the same signing_secret (the answer bytes are compared), though none is kept in plaintext.
        once: async () => expect(await at(url)).toBe(1),
        otherDidNotRun: async () => expect(await at(`${url}/other`)).toBe(0),
      };
    },

    '/webhook-endpoints/{id}/rotate-secret': async () => {
      const endpoint = await registerLegacy(token, workspaceId, receiverUrl('rotate'), ['gallery.published']);
      return {
        path: `/webhook-endpoints/${endpoint.id}/rotate-secret`,
        other: { path: `/webhook-endpoints/${randomUUID()}/rotate-secret` },
        // Rotated once: a delivery now signs v1 with the secret of the first answer and v0 with the creation secret
        // (rotated twice, v0 would be the first rotation's secret and v1 one nobody was shown).
        once: async (first) => {
          const secret = first.body.webhook_endpoint.signing_secret as string;
          const sent = (await must(`/webhook-endpoints/${endpoint.id}/test`)).delivery;
          const [d] = await receiver.waitFor('the test delivery after the rotation', (x) => x.eventId === sent.event_id);
          expect(verify(d!.raw, d!.headers['x-service-signature'], secret)).toBe('ok');
          const sig = parseSignature(d!.headers['x-service-signature'])!;
          const v0 = createHmac('sha256', endpoint.secret).update(`${sig.t}.${d!.raw}`, 'utf8').digest('hex');
          expect(sig.v0).toEqual([v0]);
        },
      };
    },

    '/webhook-endpoints/{id}/test': async () => {
      const endpoint = await registerLegacy(token, workspaceId, receiverUrl('test'), ['gallery.published', 'gallery.delivered']);
      const tests = async () => (await allDeliveries(token, endpoint.id)).filter((d) => d.test).map((d) => d.id);
      return {
        path: `/webhook-endpoints/${endpoint.id}/test`,
        body: { type: 'gallery.published' },
        other: { path: `/webhook-endpoints/${endpoint.id}/test`, body: { type: 'gallery.delivered' } },
        once: async (first) => expect(await tests()).toEqual([first.body.delivery.id]),
        otherDidNotRun: async () => expect(await tests()).toHaveLength(1),
      };
    },

    '/webhook-deliveries/{id}/replay': async () => {
      const endpoint = await registerLegacy(token, workspaceId, receiverUrl('replay'), ['gallery.published']);
      const sent = (await must(`/webhook-endpoints/${endpoint.id}/test`)).delivery;
      await until('the test delivery succeeded', async () => (await delivery(sent.id)).state === 'succeeded');
      return {
        path: `/webhook-deliveries/${sent.id}/replay`,
        other: { path: `/webhook-deliveries/${randomUUID()}/replay` },
        // One new cycle: the delivery ends succeeded after two attempts (the test's and the replay's), and the receiver
        // got the event twice.
        once: async () => {
          const done = await until('the replayed delivery succeeded', async () => {
            const d = await delivery(sent.id);
            return d.state === 'succeeded' && d.attempt_count >= 2 && d;
          });
          expect(done.attempt_count).toBe(2);
          expect(receiver.where((x) => x.eventId === sent.event_id)).toHaveLength(2);
        },
      };
    },

    '/webhooks/subscriptions': async () => {
      const targetUrl = receiverUrl('subscription');
      const at = (x: string) => count('webhooks', 'SELECT 1 FROM endpoints WHERE workspace_id = $1 AND url = $2', [workspaceId, x]);
      return {
        // Run again, it would answer created: false (a reactivation): the replay must say created: true.
        path: '/webhooks/subscriptions',
        body: { workspace_id: workspaceId, target_url: targetUrl, event: 'shoot.created' },
        other: {
          path: '/webhooks/subscriptions',
          body: { workspace_id: workspaceId, target_url: `${targetUrl}/other`, event: 'shoot.created' },
        },
        once: async (first) => {
          expect(first.body.created).toBe(true);
          expect(await at(targetUrl)).toBe(1);
        },
        otherDidNotRun: async () => expect(await at(`${targetUrl}/other`)).toBe(0),
      };
    },
  };

  // ------------------------------------------------------------------------------------------------ the tests

  const keyedRoutes = IDEMPOTENT_ROUTES.map((r) => {
    if (r.method !== 'POST' || !r.path.startsWith(`${API_BASE}/`))
      throw new Error(`a keyed route this file cannot send: ${r.method} ${r.path}`);
    return r.path.slice(API_BASE.length);
  });

  it("every keyed route of the gateway's table has a case here, and every case is a keyed route", () => {
    expect(keyedRoutes.length).toBeGreaterThan(0);
    expect(Object.keys(cases).sort()).toEqual([...keyedRoutes].sort());
  });

  /** Drops the token's records; the one of `key` must have been among them (else this test deletes nothing). */
  const loseRedis = async (key: string) => expect(await records.dropAll(tokenId)).toContain(idempotencyRecordKey(tokenId, key));

  it.each(keyedRoutes)('POST %s: replayed once Redis lost its record, run once; another request under the key is 422', async (route) => {
    const prepare = cases[route];
    if (!prepare) throw new Error(`no case for the keyed route POST ${route}`);
    const c = await prepare();
    const key = randomUUID();

    const first = await keyed(c, key);
    expect(first.status, first.text).toBeGreaterThanOrEqual(200);
    expect(first.status, first.text).toBeLessThan(300);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    await loseRedis(key);
    const again = await keyed(c, key);
    expect({ status: again.status, body: again.body }, 'the same request after Redis lost its record').toEqual({
      status: first.status,
      body: first.body,
    });
    expect(again.text).toBe(first.text);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    await c.once(first);

    await loseRedis(key);
    const other = await keyed(c.other, key);
    expect(other.status, other.text).toBe(422);
    expect(other.body).toMatchObject({ ok: false, error: 'idempotency_conflict' });
    await c.otherDidNotRun?.();
  });
});
