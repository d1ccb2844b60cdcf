/**
 * Gallery benchmark (issue 4), against the real stack in one run:
 *
 * 1. GET /galleries/{id} of a 2,000-photo gallery through the gateway at 20 connections (every photo with url,
 *    thumbnail_url and original_url signed: the owner's view, the most signing): req/s and p99. Goal p99 < 150 ms.
 *    Measured with Accept-Encoding: gzip (what browsers and apps send; ~0.33 MiB) and without (~2.9 MiB), next to
 *    the same read straight at the gallery service and a bare node server answering the very same bytes (the
 *    machine's ceiling for answers of that size, in the same run). Issue 15: through the gateway at least 0.85 of
 *    direct, beside its floor: the foundation bench's bare express + http-proxy-middleware hop (bench/floors/hop.ts)
 *    in front of the same gallery process, same requests (floor / direct: what any second process on the machine's
 *    shared cores reaches; gateway / floor: the gateway's own cost). The 2,000 ready keepers
 *    are inserted into the upload database directly (making 2,000 derivatives is upload's benchmark); the gallery
 *    itself is created through the API, so upload's ListReadyKeepers and the whole create path run for real.
 * 2. Cost per signed URL: @studio/s3-presign's batch signer (what gallery uses) vs. a bare HMAC-SHA256 over the
 *    same string to sign, in the same process and run, over the gallery's 6,000 object keys. Goal <= 5x. The SDK
 *    presigner is measured on a sample for reference.
 * 3. Paging 1,000,000 photo entries with the keyset cursor: the entries are bulk-inserted into the gallery bench
 *    database; the first page vs. the last page (reached with the legacy offset cursor once, then the opaque cursor
 *    it hands back), sequential, through the gateway. Goal: flat (last / first median close to 1).
 */
import { benchToken } from './foundation.bench.js';
import { createHmac, createSecretKey, randomUUID } from 'node:crypto';
import http from 'node:http';
import { gzipSync } from 'node:zlib';
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import type { Role } from '@studio/identity';
import { S3Presigner } from '@studio/s3-presign';
import { withClient } from '@studio/testkit/db';
import type { Stack, StackPorts } from '../scripts/lib/stack.js';
import {
  formatRatioTables,
  identityHeaders,
  insertReadyPhotos,
  measure,
  measureSequential,
  ratio,
  startFloor,
  throughputRatio,
  withThroughputFloor,
  type Measurement,
} from './lib.js';

const GALLERY_PHOTOS = 2_000;
const PAGING_ENTRIES = 1_000_000;
/** Issue 15: a gallery read through the gateway at least this share of the same read straight at gallery. */
const GATEWAY_VS_DIRECT_GOAL = 0.85;
/** The floor of that ratio (bench/floors/hop.ts), measured in the same run in front of the same gallery process. */
const HOP_FLOOR =
  'bare express 5 + http-proxy-middleware hop (bench/floors/hop.ts, the gateway agent settings) in front of the same gallery';
/** The stack's object-store settings (defaults of upload and gallery); its keys are the stack's secrets. */
const S3 = {
  endpoint: '',
  region: 'us-east-1',
  bucket: 'studio-photos',
  forcePathStyle: true,
};

/** A bare node http server answering a fixed body (the machine's ceiling for answers of this size). */
async function startBufferServer(body: Buffer, encoding: string | null): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': body.length,
      ...(encoding ? { 'content-encoding': encoding } : {}),
    });
    res.end(body);
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as import('node:net').AddressInfo).port;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(() => r())) };
}

/** Asks until the service answers gzip (it compresses in the background after the first ask); returns its size. */
async function waitForGzip(url: string, headers: Record<string, string>): Promise<number> {
  for (let i = 0; i < 100; i++) {
    const size = await new Promise<number>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          let n = 0;
          res.on('data', (c: Buffer) => (n += c.length));
          res.on('end', () => resolve(res.headers['content-encoding'] === 'gzip' ? n : -1));
        })
        .on('error', reject);
    });
    if (size > 0) return size;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the gallery read never came gzipped');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** ns per URL of `fn` over `keys`, the median of `rounds` rounds (after one warm-up round). */
function nsPerItem(keys: string[], rounds: number, fn: (key: string, i: number) => string): number {
  let sink = 0;
  const samples: number[] = [];
  for (let r = 0; r <= rounds; r++) {
    const started = process.hrtime.bigint();
    for (let i = 0; i < keys.length; i++) sink += fn(keys[i]!, i).length;
    const ns = Number(process.hrtime.bigint() - started) / keys.length;
    if (r > 0) samples.push(ns);
  }
  if (sink === 0) throw new Error('unreachable');
  return Math.round(median(samples));
}

export async function galleryBench(stack: Stack, databaseUrls: Record<string, string>, ports: StackPorts, seconds: number) {
  const { demo, token } = benchToken(stack, databaseUrls.studio!, 'gallery-bench');
  const workspaceId = demo.workspace_id as string;
  const auth = { authorization: `Bearer ${token}` };
  const call = async (method: string, p: string, body?: unknown): Promise<any> => {
    const res = await fetch(`${stack.baseUrl}${p}`, {
      method,
      headers: { ...auth, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as any;
    if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${JSON.stringify(json)}`);
    return json;
  };

  // ---- a 2,000-photo gallery: ready keepers in upload's database, the gallery through the API ---------------
  const shootId = (await call('POST', '/shoots', { workspace_id: workspaceId, title: 'Gallery bench' })).shoot.id as string;
  await insertReadyPhotos(databaseUrls.upload!, { workspaceId, shootId, profileId: demo.profile_id, count: GALLERY_PHOTOS });
  const createStarted = performance.now();
  const gallery = (await call('POST', '/galleries', { shoot_id: shootId, title: 'Bench gallery' })).gallery;
  const createMs = Math.round(performance.now() - createStarted);
  if (gallery.photo_count !== GALLERY_PHOTOS) throw new Error(`gallery has ${gallery.photo_count} photos`);

  const who = (await fetch(`${stack.baseUrl}/auth/whoami`, { headers: auth }).then((r) => r.json())) as any;
  const memberships = Object.fromEntries(who.workspaces.map((w: { id: string; role: Role }) => [w.id, w.role]));
  // Straight at gallery, as the gateway would call it: an identity for gallery signed with the stack's key.
  const identity = identityHeaders(
    stack.secrets,
    { kind: 'token', profileId: who.profile.id, tokenId: who.token.id, scopeWorkspaceId: null, memberships },
    'gallery',
  );
  const gatewayUrl = `${stack.baseUrl}/galleries/${gallery.id}`;
  const directUrl = `http://127.0.0.1:${ports.galleryHttp}/api/v1/galleries/${gallery.id}`;
  const sample = await fetch(gatewayUrl, { headers: auth }).then((r) => r.text());
  const sampleJson = JSON.parse(sample);
  const responseBytes = Buffer.byteLength(sample);
  const photos = sampleJson.gallery.photos as { url: string; thumbnail_url: string; original_url: string }[];
  if (photos.length !== GALLERY_PHOTOS || !photos.every((p) => p.original_url)) throw new Error('the gallery read is incomplete');

  console.log(
    `\nGET /galleries/{id}: ${GALLERY_PHOTOS} photos, ${GALLERY_PHOTOS * 3} signed URLs, ${(responseBytes / 1024 / 1024).toFixed(2)} MiB per answer (created in ${createMs} ms)`,
  );
  // Browsers and apps send Accept-Encoding; the service then answers from a gzip made once per URL window.
  const gzipHeaders = { 'accept-encoding': 'gzip, deflate, br' };
  const zipped = gzipSync(Buffer.from(sample));
  const gzBytes = await waitForGzip(gatewayUrl, { ...auth, ...gzipHeaders });
  const bareIdentity = await startBufferServer(Buffer.from(sample), null);
  const bareGzip = await startBufferServer(zipped, 'gzip');
  // The gateway's floor (issue 15), in front of the very gallery process: the bare express 5 + http-proxy-middleware
  // hop of the foundation bench (bench/floors/hop.ts: the gateway's keep-alive agent settings), forwarding the direct
  // request (path and signed identity) unchanged. floor hop / direct is what any second process on this machine's
  // shared cores reaches on this answer; gateway / floor hop is what the gateway's own work costs beyond it.
  const hop = await startFloor('gallery hop', 'hop.ts', { FLOOR_UPSTREAM_URL: `http://127.0.0.1:${ports.galleryHttp}` });
  const hopUrl = `${hop.url}/api/v1/galleries/${gallery.id}`;
  const pids = { gateway: stack.processes.get('gateway')?.child.pid, gallery: stack.processes.get('gallery')?.child.pid };
  const hopAnswer = await fetch(hopUrl, { headers: identity() }).then((r) => r.text());
  if (JSON.parse(hopAnswer).gallery.photos.length !== GALLERY_PHOTOS) throw new Error('the floor hop answers another gallery');
  const opts = { connections: 20, durationSeconds: seconds, warmupSeconds: 2 };
  const gzipIdentity = () => ({ ...identity(), ...gzipHeaders });
  let reads: Measurement[];
  try {
    // Direct, floor hop and gateway back to back for each encoding, so that the machine's other load shifts them alike.
    const bareI = await measure('bare node http, same answer (identity)', bareIdentity.url, opts);
    const directI = await measure('gallery direct (identity)', directUrl, { ...opts, headers: identity, cpu: { gallery: pids.gallery } });
    const hopI = await measure('floor: express + hpm hop (identity)', hopUrl, {
      ...opts,
      headers: identity,
      cpu: { hop: hop.pid, gallery: pids.gallery },
    });
    const gatewayI = await measure('gateway (identity)', gatewayUrl, { ...opts, headers: auth, cpu: pids });
    const bareG = await measure('bare node http, same answer (gzip)', bareGzip.url, opts);
    const directG = await measure('gallery direct (gzip)', directUrl, { ...opts, headers: gzipIdentity, cpu: { gallery: pids.gallery } });
    const hopG = await measure('floor: express + hpm hop (gzip)', hopUrl, {
      ...opts,
      headers: gzipIdentity,
      cpu: { hop: hop.pid, gallery: pids.gallery },
    });
    const gatewayG = await measure('gateway (gzip, as browsers ask)', gatewayUrl, {
      ...opts,
      headers: { ...auth, ...gzipHeaders },
      cpu: pids,
    });
    // The floor's runs last, so that the earlier reads keep their places in the results.
    reads = [bareI, directI, gatewayI, bareG, directG, gatewayG, hopI, hopG];
  } finally {
    await bareIdentity.close();
    await bareGzip.close();
    await hop.stop();
  }
  const viaGateway = reads[5]!;
  const viaGatewayIdentity = reads[2]!;
  const hopIdentity = reads[6]!;
  const hopGzip = reads[7]!;
  for (const [what, direct, floorHop, gateway] of [
    ['identity', reads[1]!, hopIdentity, viaGatewayIdentity],
    ['gzip', reads[4]!, hopGzip, viaGateway],
  ] as const)
    console.log(
      `  ${what}: gateway/direct ${ratio(gateway.requestsPerSecond, direct.requestsPerSecond)}, floor hop/direct ${ratio(floorHop.requestsPerSecond, direct.requestsPerSecond)}, gateway/floor hop ${ratio(gateway.requestsPerSecond, floorHop.requestsPerSecond)}`,
    );

  // ---- cost per signed URL vs. a bare HMAC-SHA256 over the same string --------------------------------------
  const keys = photos.flatMap((p) =>
    [p.url, p.thumbnail_url, p.original_url].map((u) => decodeURIComponent(new URL(u).pathname.replace(/^\/studio-photos\//, ''))),
  );
  const sdk = new S3Client({
    endpoint: `http://127.0.0.1:${ports.s3}`,
    region: S3.region,
    forcePathStyle: true,
    credentials: { accessKeyId: stack.secrets.S3_ACCESS_KEY_ID!, secretAccessKey: stack.secrets.S3_SECRET_ACCESS_KEY! },
  });
  // The credentials come through the SDK's memoized provider, as in the services (one lookup per batch or URL).
  const presigner = new S3Presigner({ ...S3, endpoint: `http://127.0.0.1:${ports.s3}`, credentials: sdk.config.credentials });
  const signedAt = new Date();
  const sign = await presigner.getSigner(3600, signedAt);
  const amzDate = signedAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const scope = `${amzDate.slice(0, 8)}/${S3.region}/s3/aws4_request`;
  // The string a SigV4 signature is the HMAC of, one per key (built outside the timed loop).
  const stringsToSign = keys.map((k) => `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHmac('sha256', 'x').update(k).digest('hex')}`);
  // A KeyObject, the fastest form of a key Node offers: on Node 24 a Buffer key is imported on every createHmac call
  // (about 30 us), which would make the floor, not the signer, the thing measured.
  const signingKey = createSecretKey(createHmac('sha256', 'k').update(scope).digest());
  const rounds = 15;
  const signerNs = nsPerItem(keys, rounds, (k) => sign(k));
  const hmacNs = nsPerItem(keys, rounds, (_k, i) => createHmac('sha256', signingKey).update(stringsToSign[i]!).digest('hex'));
  const bound = await presigner.bind();
  const perUrlNs = nsPerItem(keys.slice(0, 1000), 5, (k) => bound.getObject(k, 3600, signedAt).url);
  // One credentials lookup (what a batch adds once, and a single-URL presign adds to each URL).
  const lookups = 20_000;
  const lookupStarted = process.hrtime.bigint();
  for (let i = 0; i < lookups; i++) await presigner.bind();
  const lookupNs = Math.round(Number(process.hrtime.bigint() - lookupStarted) / lookups);
  const sdkSample = keys.slice(0, 300);
  const sdkStarted = process.hrtime.bigint();
  for (const k of sdkSample)
    await getSignedUrl(sdk, new GetObjectCommand({ Bucket: S3.bucket, Key: k }), { expiresIn: 3600, signingDate: signedAt });
  const sdkNs = Math.round(Number(process.hrtime.bigint() - sdkStarted) / sdkSample.length);
  sdk.destroy();
  const signing = {
    urls: keys.length,
    batch_signer_ns_per_url: signerNs,
    bare_hmac_sha256_ns: hmacNs,
    signer_vs_bare_hmac: ratio(signerNs, hmacNs),
    single_url_presign_ns: perUrlNs,
    credentials_lookup_ns: lookupNs,
    sdk_presigner_ns_per_url: sdkNs,
    signing_ms_per_gallery_read_uncached: Math.round((signerNs * keys.length) / 1e5) / 10,
  };
  console.log(`\ncost per signed URL (${keys.length} keys, median of ${rounds} rounds)`);
  console.log(`  @studio/s3-presign batch signer          ${signerNs} ns/URL`);
  console.log(`  bare HMAC-SHA256 over the string to sign ${hmacNs} ns  -> ratio ${signing.signer_vs_bare_hmac}  goal <= 5`);
  console.log(`  single-URL presign (getObject)           ${perUrlNs} ns/URL;  SDK presigner ${sdkNs} ns/URL`);
  console.log(`  credentials lookup (SDK provider)        ${lookupNs} ns, once per batch`);

  // ---- paging 1,000,000 entries with the keyset cursor -----------------------------------------------------
  const bigId = randomUUID();
  const insertStarted = performance.now();
  await withClient(databaseUrls.gallery!, async (c) => {
    await c.query(
      `INSERT INTO galleries (id, workspace_id, shoot_id, title, slug, state, photo_count, created_by, updated_at)
       VALUES ($1, $2, $3, 'A million photos', $4, 'draft', $5, $6, now())`,
      [bigId, workspaceId, shootId, `a-million-photos-${bigId.slice(0, 8)}`, PAGING_ENTRIES, demo.profile_id],
    );
    await c.query(
      `INSERT INTO gallery_photos (gallery_id, order_index, photo_id, workspace_id, web_key, thumb_key, original_key, width, height)
       SELECT $1::uuid, n, id, $2::uuid, 'ws/' || $2 || '/photos/' || id || '/web.jpg', 'ws/' || $2 || '/photos/' || id || '/thumb.webp',
              'ws/' || $2 || '/photos/' || id || '/original', 6000, 4000
       FROM (SELECT n, gen_random_uuid() AS id FROM generate_series(0, $3::int - 1) AS n) AS p`,
      [bigId, workspaceId, PAGING_ENTRIES],
    );
    await c.query('ANALYZE gallery_photos');
  });
  const insertS = Math.round((performance.now() - insertStarted) / 100) / 10;
  const pageUrl = (cursor?: string) =>
    `${stack.baseUrl}/galleries/${bigId}/photos?limit=200${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
  const nearEnd = (await call('GET', `/galleries/${bigId}/photos?limit=200&cursor=${PAGING_ENTRIES - 400}`)) as { next_cursor: string };
  const lastPage = (await call('GET', `/galleries/${bigId}/photos?limit=200&cursor=${encodeURIComponent(nearEnd.next_cursor)}`)) as {
    items: { order_index: number }[];
    next_cursor: string | null;
  };
  if (lastPage.items.at(-1)?.order_index !== PAGING_ENTRIES - 1 || lastPage.next_cursor !== null)
    throw new Error('the last page is not the last page');
  const middle = (await call('GET', `/galleries/${bigId}/photos?limit=200&cursor=${PAGING_ENTRIES / 2}`)) as { next_cursor: string };

  console.log(
    `\npaging ${PAGING_ENTRIES.toLocaleString('en')} entries, 200 per page (bulk insert ${insertS} s), sequential through the gateway`,
  );
  const seq = { durationSeconds: Math.max(3, Math.round(seconds / 2)), warmupSeconds: 1, headers: auth };
  const pages: Measurement[] = [];
  pages.push(await measureSequential('first page (no cursor)', pageUrl(), seq));
  pages.push(await measureSequential('middle page (keyset cursor)', pageUrl(middle.next_cursor), seq));
  pages.push(await measureSequential('last page (keyset cursor)', pageUrl(nearEnd.next_cursor), seq));
  pages.push(await measureSequential('last page (legacy offset cursor)', pageUrl(String(PAGING_ENTRIES - 200)), seq));
  const [first, , last] = pages;

  // Issue 15, goal 3: through the gateway at least 0.85 of the same read straight at gallery (identity and gzip).
  // Beside it, the floor hop measured in the same run: floor / direct is this machine's ceiling for that ratio.
  const ratios = [
    withThroughputFloor(
      throughputRatio(
        `GET /galleries/{id} (${GALLERY_PHOTOS} photos), identity`,
        viaGatewayIdentity.requestsPerSecond,
        reads[1]!.requestsPerSecond,
        GATEWAY_VS_DIRECT_GOAL,
      ),
      HOP_FLOOR,
      hopIdentity.requestsPerSecond,
    ),
    withThroughputFloor(
      throughputRatio(
        `GET /galleries/{id} (${GALLERY_PHOTOS} photos), gzip`,
        viaGateway.requestsPerSecond,
        reads[4]!.requestsPerSecond,
        GATEWAY_VS_DIRECT_GOAL,
      ),
      HOP_FLOOR,
      hopGzip.requestsPerSecond,
    ),
  ];
  const summary = {
    gateway_vs_direct_rps_identity: ratios[0]!.ratio,
    gateway_vs_direct_rps_gzip: ratios[1]!.ratio,
    floor_hop_vs_direct_rps_identity: ratios[0]!.floor!.floor_vs_direct,
    floor_hop_vs_direct_rps_gzip: ratios[1]!.floor!.floor_vs_direct,
    gateway_vs_floor_hop_rps_identity: ratios[0]!.floor!.gateway_vs_floor,
    gateway_vs_floor_hop_rps_gzip: ratios[1]!.floor!.gateway_vs_floor,
    gallery_read_rps_c20_gzip: viaGateway.requestsPerSecond,
    gallery_read_p99_ms_c20_gzip: viaGateway.p99Ms,
    gallery_read_rps_c20_identity: viaGatewayIdentity.requestsPerSecond,
    gallery_read_p99_ms_c20_identity: viaGatewayIdentity.p99Ms,
    gateway_vs_bare_rps_gzip: ratio(viaGateway.requestsPerSecond, reads[3]!.requestsPerSecond),
    gateway_vs_bare_rps_identity: ratio(viaGatewayIdentity.requestsPerSecond, reads[0]!.requestsPerSecond),
    gallery_read_bytes: responseBytes,
    gallery_read_bytes_gzip: gzBytes,
    signer_vs_bare_hmac: signing.signer_vs_bare_hmac,
    last_vs_first_page_p50: ratio(last!.p50Ms, first!.p50Ms),
    goals: {
      gallery_read_p99_under_150ms_c20: viaGateway.p99Ms < 150 && viaGateway.non2xx === 0 && viaGateway.errors === 0,
      gallery_read_p99_under_150ms_c20_identity: viaGatewayIdentity.p99Ms < 150 && viaGatewayIdentity.non2xx === 0,
      signing_at_most_5x_bare_hmac: signing.signer_vs_bare_hmac <= 5,
      paging_flat_last_within_1_5x_first: last!.p50Ms <= 1.5 * first!.p50Ms,
      gateway_at_least_0_85_of_direct_identity: ratios[0]!.goal_met,
      gateway_at_least_0_85_of_direct_gzip: ratios[1]!.goal_met,
    },
  };
  console.log('\n  gallery summary:', JSON.stringify(summary, null, 2).replace(/\n/g, '\n  '));
  console.log(`\n${formatRatioTables({ cpu: [], throughput: ratios })}`);
  return {
    setup: { photos: GALLERY_PHOTOS, create_ms: createMs, paging_entries: PAGING_ENTRIES, paging_insert_s: insertS },
    reads,
    signing,
    pages,
    summary,
    ratios,
  };
}
