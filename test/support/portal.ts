/**
 * Helpers for the client portal's black-box tests (test/portal.browser.test.ts, issue 27): publishing a gallery and
 * reading its link, a client bearer from POST /client-sessions, galleries of any size seeded without the upload
 * flow (ready keepers written straight into upload's database, real small images put at their object keys, the
 * gallery created and published through the API), and a loopback entry in front of the gateway so that each of the
 * browser's connections comes from its own client address.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { withClient } from '@studio/testkit/db';
import { startTcpProxy } from '@studio/testkit/tcp-proxy';
import { expect, inject } from 'vitest';
import { api } from './client.js';
import { loopbackAddress, openSession } from './gallery.js';
import { createShoot } from './photos.js';

/** The one origin the black-box gateway admits for CORS (a client portal page); global-setup sets CORS_ORIGINS to it. */
export const PORTAL_ORIGIN = 'http://127.0.0.1:5173';

/** The form of a portal token (docs/decisions/0007-galleries.md). */
export const PORTAL_TOKEN_PATTERN = /^gpt_[0-9a-f]{12}_[A-Za-z0-9_-]{43}$/;

/** The bucket of the stack's object store (the services' default S3_BUCKET). */
export const BUCKET = 'studio-photos';

/** The customer's link to a portal token: `<origin>/portal/#<token>` (origin: the stack's public URL by default). */
export function portalLink(portalToken: string, origin: string = inject('publicUrl')): string {
  return `${origin}/portal/#${portalToken}`;
}

/** A well-formed portal token that no gallery has. */
export function unknownPortalToken(): string {
  return `gpt_${randomBytes(6).toString('hex')}_${randomBytes(32).toString('base64url')}`;
}

export interface Published {
  galleryId: string;
  portalToken: string;
  /** `portal_url` of the publish answer (undefined while the gallery service does not send it). */
  portalUrl: string | undefined;
  /** The whole publish answer's gallery. */
  gallery: Record<string, any>;
}

/** POST /galleries/{id}/publish as a photographer role; the portal token and link of the answer. */
export async function publishGallery(token: string, galleryId: string): Promise<Published> {
  const res = await api('POST', `/galleries/${galleryId}/publish`, { token });
  expect(res.status, res.text).toBe(200);
  const gallery = res.body.gallery;
  expect(gallery.portal_token).toMatch(PORTAL_TOKEN_PATTERN);
  return { galleryId, portalToken: gallery.portal_token, portalUrl: gallery.portal_url, gallery };
}

/** A client bearer of the portal token, from its own loopback address (so the per-IP exchange limit stays clear). */
export async function clientBearer(portalToken: string): Promise<string> {
  const res = await openSession({ portal_token: portalToken }, loopbackAddress());
  expect(res.status, res.text).toBe(200);
  return res.body.session.bearer as string;
}

/** GET /galleries/{id} as `token` (all photos): the gallery. */
export async function readGallery(token: string, galleryId: string): Promise<any> {
  const res = await api('GET', `/galleries/${galleryId}`, { token });
  expect(res.status, res.text).toBe(200);
  return res.body.gallery;
}

// ---- a loopback entry: each browser connection from its own client address ------------------------------

export interface LoopbackEntry {
  /** `http://127.0.0.1:<port>`: the gateway's public listener, reached through this entry. */
  origin: string;
  /** Connections made so far (one client address each). */
  connections(): number;
  close(): Promise<void>;
}

/**
 * A TCP entry on 127.0.0.1 that forwards each connection to the gateway from a random loopback source address.
 * The gateway limits POST /client-sessions per client address (10 a minute) and a browser always comes from
 * 127.0.0.1; a test file that opens a dozen portals would otherwise meet that limit, and the next file would inherit
 * it. Bytes pass unchanged: the page, its same-origin API calls and the gateway's answers are exactly what a browser
 * gets on the public URL, only under this entry's origin.
 */
export async function startLoopbackEntry(target: string = inject('publicUrl')): Promise<LoopbackEntry> {
  const { hostname, port } = new URL(target);
  const proxy = await startTcpProxy(hostname, Number(port), { localAddress: loopbackAddress });
  return { origin: `http://127.0.0.1:${proxy.port}`, connections: () => proxy.connections(), close: () => proxy.close() };
}

// ---- seeded galleries -----------------------------------------------------------------------------------

/** A photo's pixel size in a seeded gallery: 3:2 landscape, every fifth one 2:3 portrait. */
export function seededSize(n: number): { width: number; height: number } {
  return n % 5 === 4 ? { width: 4000, height: 6000 } : { width: 6000, height: 4000 };
}

export interface SampleImages {
  /** 400 px WebP thumbnails (the derivative's size), landscape and portrait. */
  thumb: { landscape: Buffer; portrait: Buffer };
  /** Web derivatives (small JPEGs, the 3:2 and 2:3 shapes). */
  web: { landscape: Buffer; portrait: Buffer };
}

let samples: Promise<SampleImages> | undefined;

/** Real, small images of each shape (made once per file): what seeded galleries' object keys hold. */
export function sampleImages(): Promise<SampleImages> {
  samples ??= (async () => {
    const picture = (width: number, height: number) =>
      sharp({
        create: { width, height, channels: 3, background: { r: 92, g: 120, b: 148 } },
      }).composite([
        {
          input: Buffer.from(
            `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 3}" fill="#e8c170"/></svg>`,
          ),
        },
      ]);
    const [tl, tp, wl, wp] = await Promise.all([
      picture(400, 267).webp({ quality: 70 }).toBuffer(),
      picture(267, 400).webp({ quality: 70 }).toBuffer(),
      picture(960, 640).jpeg({ quality: 70 }).toBuffer(),
      picture(640, 960).jpeg({ quality: 70 }).toBuffer(),
    ]);
    return { thumb: { landscape: tl, portrait: tp }, web: { landscape: wl, portrait: wp } };
  })();
  return samples;
}

let s3: S3Client | undefined;
function s3Client(): S3Client {
  const secrets = inject('secrets');
  s3 ??= new S3Client({
    endpoint: `http://127.0.0.1:${inject('ports').s3}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: secrets.S3_ACCESS_KEY_ID!, secretAccessKey: secrets.S3_SECRET_ACCESS_KEY! },
  });
  return s3;
}

/** PUTs every object into the stack's bucket, `concurrency` at a time. */
export async function putObjects(objects: { key: string; body: Buffer; contentType: string }[], concurrency = 48): Promise<void> {
  const client = s3Client();
  let next = 0;
  const worker = async () => {
    while (next < objects.length) {
      const o = objects[next++]!;
      await client.send(new PutObjectCommand({ Bucket: BUCKET, Key: o.key, Body: o.body, ContentType: o.contentType }));
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, objects.length) }, worker));
}

/** The tenant a seeded gallery belongs to (test/support/operator.ts `tenant(['owner'])`). */
export interface Owner {
  workspaceId: string;
  /** An owner's API token. */
  token: string;
  profileId: string;
}

export interface SeededGallery extends Published {
  title: string;
  /** The shoot of the seeded keepers (another gallery of the same photos: `createGallery(token, shootId)`). */
  shootId: string;
  /** Photo ids in the gallery's order. */
  photoIds: string[];
}

/**
 * A published gallery of `count` ready keepers without the upload flow: the keepers are written into upload's
 * database (distinct object keys, capture order = insertion order, sizes from `seededSize`), a real small image is
 * put at each thumbnail key and at the first `webCount` web keys, then the gallery is created and published through
 * the API (so upload's ListReadyKeepers, the entries' copy and the portal token are the real ones). The local object
 * store takes a few ms per PUT: 2,000 thumbnails cost seconds, so a file starts such a seed early.
 */
export async function seedPublishedGallery(
  owner: Owner,
  opts: {
    count: number;
    title?: string;
    /** How many photos (the first ones) get a web derivative object; all by default. Thumbnails: every photo. */
    webCount?: number;
  },
): Promise<SeededGallery> {
  const title = opts.title ?? `Portal ${opts.count}`;
  const shootId = await createShoot(owner.token, owner.workspaceId, title);
  const ids = Array.from({ length: opts.count }, () => randomUUID());
  const prefix = (id: string) => `ws/${owner.workspaceId}/photos/${id}`;
  await withClient(inject('databaseUrls').upload!, (db) =>
    db.query(
      `INSERT INTO photos (id, workspace_id, shoot_id, file_name, content_type, size_bytes, original_key, web_key, thumb_key,
                           width, height, capture_time, state, keeper, created_by, uploaded_at, processed_at, updated_at)
       SELECT p.id, $1::uuid, $2::uuid, 'IMG_' || (p.n + 1) || '.JPG', 'image/jpeg', 8500000,
              'ws/' || $1 || '/photos/' || p.id || '/original', 'ws/' || $1 || '/photos/' || p.id || '/web.jpg',
              'ws/' || $1 || '/photos/' || p.id || '/thumb.webp',
              CASE WHEN p.n % 5 = 4 THEN 4000 ELSE 6000 END, CASE WHEN p.n % 5 = 4 THEN 6000 ELSE 4000 END,
              timestamptz '2026-06-01 10:00:00Z' + p.n * interval '1 second', 'ready', true, $3::uuid, now(), now(), now()
       FROM (SELECT u.id, (u.ord - 1)::int AS n FROM unnest($4::uuid[]) WITH ORDINALITY AS u(id, ord)) AS p`,
      [owner.workspaceId, shootId, owner.profileId, ids],
    ),
  );
  const images = await sampleImages();
  const objects = ids.flatMap((id, n) => {
    const shape = seededSize(n).width > seededSize(n).height ? 'landscape' : 'portrait';
    const thumb = { key: `${prefix(id)}/thumb.webp`, body: images.thumb[shape], contentType: 'image/webp' };
    const web = { key: `${prefix(id)}/web.jpg`, body: images.web[shape], contentType: 'image/jpeg' };
    return n < (opts.webCount ?? opts.count) ? [thumb, web] : [thumb];
  });
  await putObjects(objects);
  const created = await api('POST', '/galleries', { token: owner.token, body: { shoot_id: shootId, title } });
  expect(created.status, created.text).toBe(201);
  expect(created.body.gallery.photo_count).toBe(opts.count);
  const published = await publishGallery(owner.token, created.body.gallery.id);
  return { ...published, title, shootId, photoIds: ids };
}

/**
 * A published gallery without a photo: a gallery row written into gallery's database (the API makes no gallery of
 * a shoot without keepers), published through the API.
 */
export async function seedEmptyGallery(owner: Owner, title = 'Nothing here yet'): Promise<Published & { title: string }> {
  const shootId = await createShoot(owner.token, owner.workspaceId, title);
  const id = randomUUID();
  await withClient(inject('databaseUrls').gallery!, (db) =>
    db.query(
      `INSERT INTO galleries (id, workspace_id, shoot_id, title, slug, state, photo_count, created_by, updated_at)
       VALUES ($1, $2, $3, $4, $5, 'draft', 0, $6, now())`,
      [id, owner.workspaceId, shootId, title, `empty-${id.slice(0, 8)}`, owner.profileId],
    ),
  );
  return { ...(await publishGallery(owner.token, id)), title };
}
