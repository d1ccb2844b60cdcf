/**
 * Issue 28 item 5 through the whole stack (docs/decisions/0020-upload-hardening.md): an SVG is refused at creation
 * and, declared as a JPEG, at finalize; a PUT to the client's URL after finalize does not replace the original, which
 * the storage origin serves (through a gallery's signed original_url) with the verified type as an attachment.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './support/client.js';
import { createGallery } from './support/gallery.js';
import { tenant } from './support/operator.js';
import { createShoot, makeJpeg, putTo, sha256Hex, waitProcessed } from './support/photos.js';

/** An SVG with a script, exactly `size` bytes (padded inside a comment). */
function svgOf(size: number): Buffer {
  const head = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script><!--';
  const tail = '--></svg>';
  return Buffer.from(head + 'x'.repeat(Math.max(0, size - head.length - tail.length)) + tail);
}

describe('upload hardening', () => {
  let t: Awaited<ReturnType<typeof tenant>>;
  let shootId: string;
  beforeAll(async () => {
    t = await tenant(['owner', 'photographer']);
    shootId = await createShoot(t.tokens.owner, t.workspaceId, 'Hardening shoot');
  });

  it('refuses SVG at creation and at finalize, and never lets a later PUT replace a finalized original', async () => {
    const token = t.tokens.photographer;
    const svg = svgOf(2000);
    const declared = await api('POST', '/photos', {
      token,
      body: { shoot_id: shootId, file_name: 'x.svg', content_type: 'image/svg+xml', size: svg.length },
    });
    expect(declared.status).toBe(400);
    expect(declared.body.error).toBe('invalid_input');

    const disguised = await api('POST', '/photos', {
      token,
      body: { shoot_id: shootId, file_name: 'x.jpg', content_type: 'image/jpeg', size: svg.length },
    });
    expect((await putTo(disguised.body.upload, svg)).status).toBe(200);
    const refused = await api('POST', `/photos/${disguised.body.photo.id}/finalize`, { token });
    expect(refused.status).toBe(200);
    expect(refused.body.photo.state).toBe('failed');
    expect(refused.body.photo.failure_reason).toMatch(/not a image\/jpeg image/);

    const jpeg = await makeJpeg({ width: 640, height: 480, seed: 28 });
    const created = await api('POST', '/photos', {
      token,
      body: { shoot_id: shootId, file_name: 'IMG_28.JPG', content_type: 'image/jpeg', size: jpeg.length, sha256: sha256Hex(jpeg) },
    });
    expect((await putTo(created.body.upload, jpeg)).status).toBe(200);
    expect((await api('POST', `/photos/${created.body.photo.id}/finalize`, { token })).status).toBe(200);
    // The URL is still valid: the probe's second PUT of other bytes.
    expect((await putTo(created.body.upload, svgOf(jpeg.length))).status).toBe(200);
    expect((await waitProcessed(token, created.body.photo.id)).body.photo.state).toBe('ready');

    const gallery = await createGallery(t.tokens.owner, shootId);
    const photos = (await api('GET', `/galleries/${gallery.id}`, { token: t.tokens.owner })).body.gallery.photos;
    expect(photos.map((p: { id: string }) => p.id)).toEqual([created.body.photo.id]);
    const original = await fetch(photos[0].original_url);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('image/jpeg');
    expect(original.headers.get('content-disposition')).toBe('attachment');
    expect(sha256Hex(Buffer.from(await original.arrayBuffer()))).toBe(sha256Hex(jpeg));
  });
});
