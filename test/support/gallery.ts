/**
 * Helpers for the gallery black-box tests: real keepers through the real upload flow, the gallery operator CLI,
 * POST /client-sessions from a chosen loopback source address (the per-IP limit counts each test's calls apart),
 * and a capture of the gallery events on the real broker.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import amqp from 'amqplib';
import { loopbackAddress } from '@studio/testkit/tcp-proxy';
import { expect, inject } from 'vitest';
import { stackSecretsEnv } from './secrets.js';
import { api, baseUrl } from './client.js';
import { createShoot, makeJpeg, uploadPhoto, waitProcessed } from './photos.js';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../..');

/** The gallery operator CLI (services/gallery/src/cli/admin.ts) against the black-box database. */
export async function galleryAdmin<T = any>(...args: string[]): Promise<T> {
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'services/gallery/src/cli/admin.ts'), ...args, '--json'],
    {
      cwd: ROOT,
      env: { ...process.env, ...stackSecretsEnv('gallery'), DATABASE_URL: inject('databaseUrls').gallery, LOG_LEVEL: 'warn' },
    },
  );
  return JSON.parse(stdout.trim().split('\n').pop()!) as T;
}

/**
 * A shoot with `count` ready keepers made through the real upload flow (POST /photos, PUT to the presigned URL,
 * finalize, wait until ready). Capture times are given in reverse upload order, so capture order != upload order.
 * Returns the photo ids in capture order.
 */
export async function shootWithKeepers(
  token: string,
  workspaceId: string,
  count: number,
): Promise<{ shootId: string; photoIds: string[] }> {
  const shootId = await createShoot(token, workspaceId, 'Gallery shoot');
  const uploaded: string[] = [];
  for (let i = 0; i < count; i++) {
    const minute = String(59 - i).padStart(2, '0');
    const jpeg = await makeJpeg({ width: 640, height: 480, seed: i + 1, captureTime: `2026:06:01 10:${minute}:00` });
    uploaded.push(await uploadPhoto(token, shootId, jpeg, `IMG_${i + 1}.JPG`));
  }
  for (const id of uploaded) {
    const done = await waitProcessed(token, id);
    expect(done.body.photo.state).toBe('ready');
  }
  return { shootId, photoIds: [...uploaded].reverse() };
}

export async function createGallery(token: string, shootId: string, title?: string): Promise<any> {
  const res = await api('POST', '/galleries', { token, body: { shoot_id: shootId, ...(title ? { title } : {}) } });
  expect(res.status).toBe(201);
  return res.body.gallery;
}

/** A random loopback address (127.x.y.z): the gateway sees it as the client IP. */
export { loopbackAddress };

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: any;
  text: string;
}

/** POST /client-sessions (no bearer) from `localAddress`. */
export function openSession(
  body: unknown,
  localAddress: string = loopbackAddress(),
  headers: Record<string, string> = {},
): Promise<RawAnswer> {
  const url = new URL(`${baseUrl()}/client-sessions`);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: { ...headers, 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed, text });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface Envelope {
  id: string;
  type: string;
  workspace_id: string;
  created_at: string;
  data: Record<string, any>;
}

/** Every gallery.* event published on the real exchange while it runs. */
export async function captureGalleryEvents(): Promise<{
  events: Envelope[];
  of(type: string, galleryId: string): Envelope[];
  wait(type: string, galleryId: string, n?: number): Promise<Envelope[]>;
  close(): Promise<void>;
}> {
  const conn = await amqp.connect(inject('amqpUrl'));
  const ch = await conn.createChannel();
  await ch.assertExchange('studio.events', 'topic', { durable: true });
  const q = await ch.assertQueue('', { exclusive: true, autoDelete: true });
  await ch.bindQueue(q.queue, 'studio.events', 'gallery.*');
  const events: Envelope[] = [];
  await ch.consume(q.queue, (msg) => {
    if (!msg) return;
    events.push(JSON.parse(msg.content.toString()) as Envelope);
    ch.ack(msg);
  });
  const of = (type: string, galleryId: string) => events.filter((e) => e.type === type && e.data.gallery_id === galleryId);
  return {
    events,
    of,
    async wait(type, galleryId, n = 1) {
      const until = Date.now() + 20_000;
      while (of(type, galleryId).length < n) {
        if (Date.now() > until) throw new Error(`no ${type} event for gallery ${galleryId}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return of(type, galleryId);
    },
    async close() {
      await ch.close().catch(() => undefined);
      await conn.close().catch(() => undefined);
    },
  };
}
