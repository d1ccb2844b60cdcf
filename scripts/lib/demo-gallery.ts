/**
 * `npm start`'s demo gallery: a published gallery of a few photos in the demo workspace, made through the public API
 * as a photographer's tool would (a shoot, single-shot uploads straight to the object store, a gallery of the ready
 * keepers, publish), so the printed portal link opens a real gallery. Made once: a later start finds it by title and
 * publishes it again, which answers the same link.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

export const DEMO_GALLERY_TITLE = 'Demo gallery';
const PHOTOS = 8;
const READY_TIMEOUT_MS = 60_000;

interface Answer {
  status: number;
  body: unknown;
}

interface Upload {
  photo: { id: string };
  upload: { url: string; method: string; headers: Record<string, string> };
}

/** Landscape and portrait frames of a soft gradient with a sun and hills: enough to tell the photos apart. */
function demoSvg(i: number): { svg: string; width: number; height: number } {
  const portrait = i % 3 === 2;
  const width = portrait ? 1067 : 1600;
  const height = portrait ? 1600 : 1067;
  const hue = (i * 47) % 360;
  const sunX = Math.round((width * (0.2 + 0.08 * i)) % width);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="hsl(${hue},55%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 40) % 360},60%,88%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#sky)"/>
  <circle cx="${sunX}" cy="${Math.round(height * 0.3)}" r="${Math.round(width * 0.08)}" fill="hsl(${(hue + 180) % 360},80%,92%)"/>
  <path d="M0 ${height * 0.7} Q ${width * 0.3} ${height * 0.5} ${width * 0.6} ${height * 0.72} T ${width} ${height * 0.65} V ${height} H 0 Z" fill="hsl(${(hue + 120) % 360},35%,38%)"/>
  <path d="M0 ${height * 0.85} Q ${width * 0.5} ${height * 0.7} ${width} ${height * 0.88} V ${height} H 0 Z" fill="hsl(${(hue + 140) % 360},30%,26%)"/>
</svg>`;
  return { svg, width, height };
}

async function demoJpeg(i: number): Promise<Buffer> {
  const { svg } = demoSvg(i);
  const minute = String(i).padStart(2, '0');
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({ IFD2: { DateTimeOriginal: `2026:06:13 16:${minute}:00` } })
    .toBuffer();
}

/** The customer's link of the demo gallery, making the gallery first when the workspace has none. */
export async function demoPortalUrl(baseUrl: string, token: string, workspaceId: string): Promise<string> {
  const api = async (method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json().catch(() => null) };
  };
  /** The body of an answer of the expected status, as the shape that route answers. */
  const expectOk = <T>(what: string, r: Answer, status = 200): T => {
    if (r.status !== status) throw new Error(`${what}: ${r.status} ${JSON.stringify(r.body)}`);
    return r.body as T;
  };

  const list = expectOk<{ items: { id: string; title: string }[] }>(
    'list galleries',
    await api('GET', `/galleries?workspace_id=${workspaceId}&limit=100`),
  );
  let galleryId = list.items.find((g) => g.title === DEMO_GALLERY_TITLE)?.id;
  if (!galleryId) {
    const shoot = expectOk<{ shoot: { id: string } }>(
      'create the demo shoot',
      await api('POST', '/shoots', { workspace_id: workspaceId, title: DEMO_GALLERY_TITLE }),
      201,
    ).shoot;
    const ids: string[] = [];
    for (let i = 0; i < PHOTOS; i++) {
      const bytes = await demoJpeg(i);
      const created = expectOk<Upload>(
        'start an upload',
        await api('POST', '/photos', {
          shoot_id: shoot.id,
          file_name: `DEMO_${String(i + 1).padStart(3, '0')}.JPG`,
          content_type: 'image/jpeg',
          size: bytes.length,
          sha256: createHash('sha256').update(bytes).digest('hex'),
        }),
        201,
      );
      const put = await fetch(created.upload.url, {
        method: created.upload.method,
        headers: created.upload.headers,
        body: new Uint8Array(bytes),
      });
      if (!put.ok) throw new Error(`upload a demo photo: ${put.status}`);
      expectOk('finalize an upload', await api('POST', `/photos/${created.photo.id}/finalize`));
      ids.push(created.photo.id);
    }
    const until = Date.now() + READY_TIMEOUT_MS;
    for (const id of ids) {
      for (;;) {
        const state = expectOk<{ photo: { state: string } }>('read a photo', await api('GET', `/photos/${id}`)).photo.state;
        if (state === 'ready') break;
        if (state === 'failed') throw new Error(`demo photo ${id} failed processing`);
        if (Date.now() > until) throw new Error(`demo photos not ready within ${READY_TIMEOUT_MS / 1000} s`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    galleryId = expectOk<{ gallery: { id: string } }>(
      'create the demo gallery',
      await api('POST', '/galleries', { shoot_id: shoot.id }),
      201,
    ).gallery.id;
  }
  return expectOk<{ gallery: { portal_url: string } }>('publish the demo gallery', await api('POST', `/galleries/${galleryId}/publish`))
    .gallery.portal_url;
}
