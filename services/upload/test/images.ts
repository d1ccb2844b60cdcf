/** Test images made on the fly with sharp: real JPEG bytes with an EXIF capture time, and non-image bytes. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';

/** A noisy (so it compresses like a photo) JPEG of `width` x `height` with EXIF DateTimeOriginal. */
export async function makeJpeg(width = 1600, height = 1000, opts: { seed?: number; captureTime?: string } = {}): Promise<Buffer> {
  const seed = opts.seed ?? 1;
  const raw = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    const px = Math.floor(i / 3);
    raw[i] = ((px % width) * 200) / width + ((x >>> 24) % 56);
  }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: opts.captureTime ?? '2026:05:01 14:30:00' } })
    .toBuffer();
}

export const sha256Hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** Bytes that are certainly not an image. */
export const notAnImage = () => Buffer.from('%PDF-1.7\nthis is not a photo at all\n'.repeat(200));

/** PUTs `body` to a presigned upload target (what a client does). */
export async function putTo(target: { url: string; method: string; headers: Record<string, string> }, body: Buffer): Promise<Response> {
  return fetch(target.url, { method: target.method, headers: target.headers, body: new Uint8Array(body) });
}

/**
 * PUTs `body` with its own Content-Length instead of the signed one: a client that ignores the headers it was
 * given. S3 or MinIO answer 403 (the size is signed); the local dev server checks no signature and stores it,
 * which lets a test reach the finalize-time size check behind it.
 */
export async function putIgnoringSignedSize(
  target: { url: string; method: string; headers: Record<string, string> },
  body: Buffer,
): Promise<Response> {
  const { 'content-length': _signed, ...headers } = target.headers;
  return fetch(target.url, { method: target.method, headers, body: new Uint8Array(body) });
}
