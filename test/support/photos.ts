/** Helpers for the upload black-box tests: real image bytes (sharp) and the client side of the upload flows. */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { expect } from 'vitest';
import { api, type ApiResponse } from './client.js';

export const MiB = 1024 * 1024;

export const sha256Hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/**
 * A photo-like JPEG: a textured gradient (fine detail, so it is sharp) with EXIF DateTimeOriginal.
 * `variant` makes a defocused or an underexposed copy of the same scene.
 */
export async function makeJpeg(
  opts: { width?: number; height?: number; seed?: number; captureTime?: string; variant?: 'sharp' | 'blurred' | 'dark' } = {},
): Promise<Buffer> {
  const width = opts.width ?? 1200;
  const height = opts.height ?? 800;
  let x = (opts.seed ?? 1) * 2654435761;
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    const px = i % width;
    const py = Math.floor(i / width);
    const base = 40 + ((px * 150) / width + (py * 30) / height) + (((px >> 4) + (py >> 4)) % 2) * 25;
    const n = (x >>> 24) % 40;
    raw[i * 3] = Math.min(255, base + n);
    raw[i * 3 + 1] = Math.min(255, base * 0.9 + n);
    raw[i * 3 + 2] = Math.min(255, base * 0.7 + n);
  }
  let img = sharp(raw, { raw: { width, height, channels: 3 } });
  if (opts.variant === 'blurred') img = sharp(await img.blur(12).raw().toBuffer(), { raw: { width, height, channels: 3 } });
  if (opts.variant === 'dark') img = sharp(await img.linear(0.08, 0).raw().toBuffer(), { raw: { width, height, channels: 3 } });
  return img
    .jpeg({ quality: 90 })
    .withExif({ IFD2: { DateTimeOriginal: opts.captureTime ?? '2026:05:01 14:30:00' } })
    .toBuffer();
}

export const notAnImage = () => Buffer.from('%PDF-1.7\nnot a photo\n'.repeat(300));

export interface UploadTarget {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** What a client does with a presigned URL: PUT the bytes straight to the object store. */
export async function putTo(target: UploadTarget, body: Buffer): Promise<Response> {
  return fetch(target.url, { method: target.method, headers: target.headers, body: new Uint8Array(body) });
}

/**
 * PUTs `body` with its own Content-Length instead of the signed one: a client that ignores the headers it was
 * given. S3 or MinIO answer 403 (the size is signed); the local dev server checks no signature and stores it,
 * which lets a test reach the finalize-time size check behind it.
 */
export async function putIgnoringSignedSize(target: UploadTarget, body: Buffer): Promise<Response> {
  const { 'content-length': _signed, ...headers } = target.headers;
  return fetch(target.url, { method: target.method, headers, body: new Uint8Array(body) });
}

export async function createShoot(token: string, workspaceId: string, title = 'Upload shoot'): Promise<string> {
  const r = await api('POST', '/shoots', { token, body: { workspace_id: workspaceId, title } });
  expect(r.status).toBe(201);
  return r.body.shoot.id as string;
}

/** Polls until `done` holds (a bound against a hung stack, not a timing assertion). */
export async function eventually<T>(fn: () => Promise<T>, done: (v: T) => boolean, timeoutMs = 45_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (done(v)) return v;
    if (Date.now() > until) throw new Error(`condition not reached within ${timeoutMs} ms; last: ${JSON.stringify(v).slice(0, 400)}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

/** Single-shot: create, PUT, finalize; returns the photo id. */
export async function uploadPhoto(token: string, shootId: string, bytes: Buffer, fileName = 'photo.jpg'): Promise<string> {
  const c = await api('POST', '/photos', {
    token,
    body: { shoot_id: shootId, file_name: fileName, content_type: 'image/jpeg', size: bytes.length, sha256: sha256Hex(bytes) },
  });
  expect(c.status).toBe(201);
  expect((await putTo(c.body.upload, bytes)).status).toBe(200);
  const f = await api('POST', `/photos/${c.body.photo.id}/finalize`, { token });
  expect(f.status).toBe(200);
  return c.body.photo.id as string;
}

export async function waitProcessed(token: string, photoId: string): Promise<ApiResponse> {
  return eventually(
    () => api('POST', `/photos/${photoId}/finalize`, { token }),
    (r) => r.body?.photo?.state === 'ready' || r.body?.photo?.state === 'failed',
  );
}
