/**
 * The steady mixed load the fault matrix runs during each fault: a few closed-loop clients through the gateway,
 * each of one request kind, recording every request (kind, start, end, status, Retry-After, error).
 *
 * - `read_shoot` (studio), `read_search` (search), `read_gallery` (gallery): a GET, again and again;
 * - `write_client`: POST /clients with an Idempotency-Key and an e-mail naming the key, retried with the SAME key and
 *   body after a 503, 429 (waiting its Retry-After), 409 (the key still in progress) or a network error, until a
 *   201 or the give-up deadline: what a careful client does; each key is one logical write;
 * - `upload`: a photo now and then: POST /photos (keyed, file name naming the key, retried like a write), the PUT
 *   to the presigned URL, then POST /photos/{id}/finalize (retried until 200; it is idempotent by nature).
 * Each request is on its own connection (no keep-alive): a reset then means the server dropped a request it had
 * taken. A request not answered within CLIENT_TIMEOUT_MS is abandoned and recorded as a timeout.
 */
import http from 'node:http';
import { createHash, randomUUID } from 'node:crypto';

export const CLIENT_TIMEOUT_MS = 10_000;
/** How long a keyed write is retried before the client gives up on it (a give-up is reported, never hidden). */
export const GIVE_UP_MS = 90_000;

export type Kind = 'read_shoot' | 'read_search' | 'read_gallery' | 'write_client' | 'upload';
export const KINDS: readonly Kind[] = ['read_shoot', 'read_search', 'read_gallery', 'write_client', 'upload'];

export interface Sample {
  kind: Kind;
  /** `METHOD /path` without ids, for the report. */
  route: string;
  start: number;
  end: number;
  status: number | null;
  error?: 'refused' | 'reset' | 'timeout';
  retryAfter: string | null;
  body: string;
}

/** One logical keyed write (a client, or a photo's creation) and what the client learnt about it. */
export interface KeyedWrite {
  kind: 'write_client' | 'upload';
  key: string;
  /** The client's e-mail or the photo's file name: how its rows are found in the service's database. */
  label: string;
  /** The id a 2xx answered (null when no 2xx came before the client gave up). */
  id: string | null;
  attempts: number;
  /** Photos only: finalize answered 200 (its photo.uploaded event is due). */
  finalized: boolean;
}

export interface LoadTarget {
  baseUrl: string;
  token: string;
  workspaceId: string;
  shootId: string;
  galleryId: string;
  /** Where uploads go (a shoot of their own). */
  uploadShootId: string;
  jpeg: Buffer;
  /** A word every search finds. */
  searchWord: string;
}

export interface Load {
  samples: Sample[];
  writes: KeyedWrite[];
  /** Stops starting new operations; resolves once every client has finished its current one (keys converge). */
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
const ok = (s: Sample) => s.status !== null && s.status >= 200 && s.status < 300;

/** One request on its own connection. Never throws: failures are samples. */
export function send(
  kind: Kind,
  route: string,
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string | Buffer,
): Promise<Sample> {
  const u = new URL(url);
  const start = Date.now();
  return new Promise((resolve) => {
    let done = false;
    const finish = (s: Omit<Sample, 'kind' | 'route' | 'start' | 'end'>) => {
      if (done) return;
      done = true;
      resolve({ kind, route, start, end: Date.now(), ...s });
    };
    const req = http.request(
      {
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method,
        agent: false,
        headers: body === undefined ? headers : { ...headers, 'content-length': String(Buffer.byteLength(body)) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          finish({
            status: res.statusCode ?? 0,
            retryAfter: (res.headers['retry-after'] as string | undefined) ?? null,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', () => finish({ status: null, error: 'reset', retryAfter: null, body: '' }));
      },
    );
    req.setTimeout(CLIENT_TIMEOUT_MS, () => {
      finish({ status: null, error: 'timeout', retryAfter: null, body: '' });
      req.destroy();
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      finish({ status: null, error: err.code === 'ECONNREFUSED' ? 'refused' : 'reset', retryAfter: null, body: '' }),
    );
    req.end(body);
  });
}

/** How long a client waits before retrying after `s`: its Retry-After (capped at 5 s), else 200 ms. */
function backoff(s: Sample): number {
  const seconds = Number(s.retryAfter);
  return s.retryAfter !== null && Number.isFinite(seconds) ? Math.min(5000, Math.max(100, seconds * 1000)) : 200;
}

export function startLoad(t: LoadTarget): Load {
  const samples: Sample[] = [];
  const writes: KeyedWrite[] = [];
  let stopping = false;
  const auth = { authorization: `Bearer ${t.token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  const record = (s: Sample) => {
    samples.push(s);
    return s;
  };

  const reader = async (kind: Kind, route: string, path: string) => {
    while (!stopping) {
      const s = record(await send(kind, route, t.baseUrl + path, 'GET', auth));
      await sleep(ok(s) ? 50 : backoff(s));
    }
  };

  /** Sends the same keyed request until a 2xx (its id) or the give-up deadline; every attempt is a sample. */
  const keyed = async (w: KeyedWrite, route: string, path: string, body: string, idOf: (b: any) => string) => {
    const deadline = Date.now() + GIVE_UP_MS;
    while (Date.now() < deadline) {
      w.attempts++;
      const s = record(await send(w.kind, route, t.baseUrl + path, 'POST', { ...json, 'idempotency-key': w.key }, body));
      if (ok(s)) {
        w.id = idOf(JSON.parse(s.body));
        return true;
      }
      // A final refusal (4xx other than 409/429) ends the write: it is reported by the matrix as a failure.
      if (s.status !== null && s.status < 500 && s.status !== 409 && s.status !== 429) return false;
      await sleep(backoff(s));
    }
    return false;
  };

  const writer = async () => {
    while (!stopping) {
      const key = randomUUID();
      const w: KeyedWrite = { kind: 'write_client', key, label: `${key}@faults.test`, id: null, attempts: 0, finalized: false };
      writes.push(w);
      const body = JSON.stringify({ workspace_id: t.workspaceId, name: `Fault client ${key.slice(0, 8)}`, email: w.label });
      await keyed(w, 'POST /clients', '/clients', body, (b) => b.client.id);
      await sleep(100);
    }
  };

  const sha256 = createHash('sha256').update(t.jpeg).digest('hex');
  const uploader = async () => {
    while (!stopping) {
      const key = randomUUID();
      const w: KeyedWrite = { kind: 'upload', key, label: `${key}.jpg`, id: null, attempts: 0, finalized: false };
      writes.push(w);
      let target: { url: string; method: string; headers: Record<string, string> } | undefined;
      const body = JSON.stringify({
        shoot_id: t.uploadShootId,
        file_name: w.label,
        content_type: 'image/jpeg',
        size: t.jpeg.length,
        sha256,
      });
      const created = await keyed(w, 'POST /photos', '/photos', body, (b) => {
        target = b.upload;
        return b.photo.id;
      });
      if (created && target) {
        // The object store is not under test here: its PUT is not a sample of the gateway.
        const put = await fetch(target.url, { method: target.method, headers: target.headers, body: new Uint8Array(t.jpeg) }).catch(
          () => null,
        );
        const deadline = Date.now() + GIVE_UP_MS;
        while (put?.ok && Date.now() < deadline) {
          const s = record(await send('upload', 'POST /photos/{id}/finalize', `${t.baseUrl}/photos/${w.id}/finalize`, 'POST', auth));
          if (s.status === 200) {
            w.finalized = true;
            break;
          }
          if (s.status !== null && s.status < 500 && s.status !== 409 && s.status !== 429) break;
          await sleep(backoff(s));
        }
      }
      await sleep(500);
    }
  };

  const clients = Promise.all([
    reader('read_shoot', 'GET /shoots/{id}', `/shoots/${t.shootId}`),
    reader('read_shoot', 'GET /shoots/{id}', `/shoots/${t.shootId}`),
    reader('read_search', 'GET /search', `/search?workspace_id=${t.workspaceId}&q=${t.searchWord}&limit=5`),
    reader('read_gallery', 'GET /galleries/{id}', `/galleries/${t.galleryId}`),
    writer(),
    writer(),
    uploader(),
  ]);
  return {
    samples,
    writes,
    stop: async () => {
      stopping = true;
      await clients;
    },
  };
}

/**
 * Recovery of one request kind after `faultEnd`: the time from `faultEnd` to the answer of the first request of
 * the first run of `n` consecutive successes started after it (null when there is no such run).
 */
export function recoveryMs(samples: Sample[], kind: Kind, faultEnd: number, n: number): number | null {
  const after = samples.filter((s) => s.kind === kind && s.start >= faultEnd).sort((a, b) => a.start - b.start);
  let run = 0;
  for (let i = 0; i < after.length; i++) {
    run = ok(after[i]!) ? run + 1 : 0;
    if (run === n) return Math.max(0, after[i - n + 1]!.end - faultEnd);
  }
  return null;
}

/** Whether `s` succeeded (a 2xx). */
export const succeeded = ok;
