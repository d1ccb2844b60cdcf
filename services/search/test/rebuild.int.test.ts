/**
 * The rebuild command's service against real in-process gRPC servers implementing index.v1.IndexSource
 * (proto/index/v1/index_source.proto), the way studio and gallery will.
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grpc, startGrpcServer, type GrpcServerHandle } from '@studio/grpc';
import { connectIndexSource, indexSourceService, type SourceDocumentMessage } from '../src/grpc/index-source.client.js';
import { testKeys } from '@studio/testkit/secrets';
import { envelope, identity, publish, search, searchSecretsEnv, startHarness, waitForHit, type Harness } from './support/harness.js';

let h: Harness;

interface FakeSource {
  server: GrpcServerHandle;
  service: 'studio' | 'gallery';
  address: string;
  types: string[];
  docs: SourceDocumentMessage[];
  /** Called after each document is sent (lets a test act in the middle of a stream). */
  onSent?: (n: number) => Promise<void>;
  /** Fail the stream with this status after sending that many documents. */
  failAfter?: number;
  requests: { workspace_id: string; types: string[] }[];
}

/** A stand-in for `service`'s IndexSource that admits search's service tokens (testKeys()), as the real ones do. */
async function startSource(service: 'studio' | 'gallery', types: string[]): Promise<FakeSource> {
  const source = { types, docs: [], requests: [] } as unknown as FakeSource;
  const keyring = new Map([['search', createPublicKey(testKeys().serviceKey('search'))]]);
  source.server = await startGrpcServer(
    (server) => {
      server.addService(indexSourceService().service, {
        DescribeSource: (_call: grpc.ServerUnaryCall<unknown, unknown>, cb: grpc.sendUnaryData<{ types: string[] }>) =>
          cb(null, { types: source.types }),
        StreamDocuments: async (call: grpc.ServerWritableStream<{ workspace_id: string; types: string[] }, SourceDocumentMessage>) => {
          source.requests.push({ workspace_id: call.request.workspace_id, types: [...call.request.types] });
          let n = 0;
          // Sends everything it holds, whatever was asked: the rebuild must not trust a source's filtering.
          for (const d of source.docs) {
            if (source.failAfter !== undefined && n >= source.failAfter) {
              // grpc-js ends a server stream with an error status when the stream emits 'error'.
              call.emit('error', { code: grpc.status.INTERNAL, details: 'source exploded' });
              return;
            }
            call.write(d);
            n++;
            await source.onSent?.(n);
          }
          call.end();
        },
      });
    },
    0,
    '127.0.0.1',
    {},
    { audience: service, keyring, allow: { 'index.v1.IndexSource': ['search'] } },
  );
  source.service = service;
  source.address = `127.0.0.1:${source.server.port}`;
  return source;
}

const doc = (
  ws: string,
  type: string,
  id: string,
  title: string,
  fields: Record<string, string> = {},
  updatedMs = 0,
  deleted = false,
): SourceDocumentMessage => ({
  type,
  id,
  workspace_id: ws,
  title,
  fields,
  updated_at: new Date(Date.UTC(2026, 5, 1) + updatedMs).toISOString(),
  deleted,
});

/** Runs a command without blocking this process (the fake sources answer from its event loop). */
function run(args: string[], env: Record<string, string | undefined>): Promise<{ status: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    child.on('error', reject);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status, stdout, stderr });
    });
  });
}

/** Search's client of a source, calling with search's service key. */
const connect = (source: FakeSource) => connectIndexSource(source, h.config.serviceKey);

const ids = async (ws: string, q: string) =>
  ((await search(h, { workspace_id: ws, q, limit: '50' }, identity({ [ws]: 'viewer' }))).body.items ?? []).map((i) => i.id).sort();

beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

describe('rebuild from IndexSource servers', () => {
  let studio: FakeSource;
  let gallery: FakeSource;
  beforeAll(async () => {
    studio = await startSource('studio', ['client', 'lead', 'shoot', 'order']);
    gallery = await startSource('gallery', ['gallery', 'album']);
  });
  afterAll(async () => {
    await studio.server.close(100);
    await gallery.server.close(100);
  });

  it('indexes every streamed document, removes the ones no source has, keeps tombstones and newer event writes', async () => {
    const ws = randomUUID();
    const kept = randomUUID();
    const stale = randomUUID();
    const gone = randomUUID();
    const tombstoned = randomUUID();
    const albumGone = randomUUID();
    const iso = (ms: number) => new Date(Date.UTC(2026, 5, 1) + ms).toISOString();

    // Before the rebuild, events built this index: kept (current), stale (older text), gone (deleted at the
    // source without the event reaching us), tombstoned (deleted), albumGone (gallery side).
    await publish(
      h,
      envelope('client.created', ws, { client_id: kept, name: 'Kept Cormorant', updated_at: iso(1000) }),
      envelope('client.created', ws, { client_id: stale, name: 'Stale Oldname', updated_at: iso(1000) }),
      envelope('lead.created', ws, { lead_id: gone, name: 'Gone Gannet', updated_at: iso(1000) }),
      envelope('client.created', ws, { client_id: tombstoned, name: 'Tomb Petrel', updated_at: iso(1000) }),
      envelope('client.deleted', ws, { client_id: tombstoned, deleted_at: iso(2000) }),
      envelope('album.created', ws, { album_id: albumGone, title: 'Album Puffin', updated_at: iso(1000) }),
    );
    await waitForHit(h, ws, 'puffin', albumGone);
    await waitForHit(h, ws, 'gannet', gone);

    const fresh = randomUUID();
    const galleryId = randomUUID();
    const otherWs = randomUUID();
    studio.docs = [
      doc(ws, 'client', kept, 'Kept Cormorant', { name: 'Kept Cormorant', email: 'kept@example.com' }, 1000),
      doc(ws, 'client', stale, '', { name: 'Stale Newname', phone: '+49 30 901820' }, 5000),
      // A source that still streams a record we hold a tombstone for (deleted later than this version).
      doc(ws, 'client', tombstoned, 'Tomb Petrel', {}, 1500),
      doc(ws, 'shoot', fresh, 'Fresh Kittiwake Session', { location: 'Bempton Cliffs' }, 3000),
      doc(ws, 'order', randomUUID(), '', { number: '5511', status: 'paid' }, 3000),
      // Junk a source must not be able to smuggle in: another workspace, an unknown type, a bad id, a bad date.
      doc(otherWs, 'client', randomUUID(), 'Other Workspace'),
      doc(ws, 'invoice', randomUUID(), 'Invoice Skua'),
      doc(ws, 'client', 'not-a-uuid', 'Bad Id'),
      { ...doc(ws, 'client', randomUUID(), 'Bad Date'), updated_at: 'soon' },
    ];
    gallery.docs = [doc(ws, 'gallery', galleryId, 'Kittiwake Gallery', { slug: 'kittiwake' }, 3000)];

    const report = await h.app.services.rebuilds.rebuild(ws, [connect(studio), connect(gallery)], {
      streamTimeoutMs: 10_000,
    });
    expect(report.ok).toBe(true);
    expect(report.sources.map((s) => [s.received, s.skipped])).toEqual([
      [9, 4],
      [1, 0],
    ]);
    expect(studio.requests.at(-1)).toEqual({ workspace_id: ws, types: ['client', 'lead', 'shoot', 'order'] });

    expect(await ids(ws, 'cormorant')).toEqual([kept]);
    expect(await ids(ws, 'newname')).toEqual([stale]);
    expect(await ids(ws, 'oldname')).toEqual([]);
    expect(await ids(ws, '901820')).toEqual([stale]);
    expect(await ids(ws, 'kittiwake')).toEqual([fresh, galleryId].sort());
    expect(await ids(ws, '5511')).toHaveLength(1);
    expect(await ids(ws, 'gannet')).toEqual([]); // not streamed: removed
    expect(await ids(ws, 'puffin')).toEqual([]); // gallery owns albums and did not stream it: removed
    expect(await ids(ws, 'petrel')).toEqual([]); // tombstones are final
    expect(await ids(ws, 'skua')).toEqual([]);
    expect(await ids(otherWs, 'workspace')).toEqual([]);
    expect(report.removed).toBe(2);

    // A late event for a removed document does not bring it back (the sweep left a tombstone).
    await publish(h, envelope('lead.updated', ws, { lead_id: gone, name: 'Gone Gannet', updated_at: iso(1500) }));
    const marker = randomUUID();
    await publish(h, envelope('client.created', ws, { client_id: marker, name: 'Marker Shag', updated_at: iso(0) }));
    await waitForHit(h, ws, 'shag', marker);
    expect(await ids(ws, 'gannet')).toEqual([]);
  });

  it('keeps documents an event wrote while the rebuild was streaming', async () => {
    const ws = randomUUID();
    const old = randomUUID();
    const during = randomUUID();
    await publish(
      h,
      envelope('client.created', ws, { client_id: old, name: 'Old Fulmar', updated_at: new Date(Date.UTC(2026, 5, 1)).toISOString() }),
    );
    await waitForHit(h, ws, 'fulmar', old);
    studio.docs = Array.from({ length: 30 }, (_, i) => doc(ws, 'client', randomUUID(), `Streamed Razorbill ${i}`));
    let published = false;
    studio.onSent = async (n) => {
      if (n === 10 && !published) {
        published = true;
        // Created after the source's snapshot was taken: not in the stream, but written during the rebuild.
        await publish(
          h,
          envelope('client.created', ws, { client_id: during, name: 'During Guillemot', updated_at: new Date().toISOString() }),
        );
        await waitForHit(h, ws, 'guillemot', during);
      }
    };
    try {
      const report = await h.app.services.rebuilds.rebuild(ws, [connect(studio)], { streamTimeoutMs: 10_000 });
      expect(report.ok).toBe(true);
    } finally {
      studio.onSent = undefined;
    }
    expect(await ids(ws, 'guillemot')).toEqual([during]);
    expect(await ids(ws, 'fulmar')).toEqual([]);
    expect((await ids(ws, 'razorbill')).length).toBe(30);
  });

  it('removes nothing of the types of a source that failed', async () => {
    const ws = randomUUID();
    const existing = randomUUID();
    await publish(
      h,
      envelope('client.created', ws, { client_id: existing, name: 'Existing Shearwater', updated_at: new Date().toISOString() }),
    );
    await waitForHit(h, ws, 'shearwater', existing);
    studio.docs = Array.from({ length: 5 }, (_, i) => doc(ws, 'client', randomUUID(), `Partial Storm ${i}`));
    studio.failAfter = 2;
    try {
      const report = await h.app.services.rebuilds.rebuild(ws, [connect(studio)], { streamTimeoutMs: 10_000 });
      expect(report.ok).toBe(false);
      expect(report.sources[0]!.error).toMatch(/exploded|INTERNAL|internal/i);
      expect(report.removed).toBe(0);
    } finally {
      studio.failAfter = undefined;
    }
    expect(await ids(ws, 'shearwater')).toEqual([existing]);
    expect((await ids(ws, 'storm')).length).toBe(2);
  });

  it('the CLI rebuilds a workspace and reports as JSON', async () => {
    const ws = randomUUID();
    const id = randomUUID();
    studio.docs = [doc(ws, 'client', id, 'Cli Albatross')];
    const cli = path.resolve(import.meta.dirname, '../src/cli/rebuild.ts');
    const res = await run(['--import', 'tsx', cli, '--workspace', ws, '--source', `studio=${studio.address}`, '--json'], {
      ...searchSecretsEnv(),
      DATABASE_URL: h.config.databaseUrl,
      LOG_LEVEL: 'warn',
    });
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
    const report = JSON.parse(res.stdout.trim().split('\n').pop()!);
    expect(report).toMatchObject({ workspaceId: ws, ok: true, written: 1, removed: 0 });
    expect(await ids(ws, 'albatross')).toEqual([id]);

    const bad = await run(['--import', 'tsx', cli, '--workspace', 'nope'], {});
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/--workspace must be a UUID/);

    // --help wins over bad arguments: the usage on stdout, exit 0; no arguments: the usage on stderr, exit 2.
    for (const flag of ['--help', '-h']) {
      const help = await run(['--import', 'tsx', cli, '--workspace', 'nope', flag], {});
      expect(help).toMatchObject({ status: 0, stderr: '' });
      expect(help.stdout).toMatch(/^usage: rebuild --workspace <uuid> /);
    }
    const none = await run(['--import', 'tsx', cli], {});
    expect(none).toMatchObject({ status: 2, stdout: '' });
    expect(none.stderr).toMatch(/\nusage: rebuild --workspace <uuid> /);
  }, 90_000);
});
