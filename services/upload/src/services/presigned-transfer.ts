/**
 * The derivative worker's two object transfers per photo, over presigned S3 URLs on plain sockets:
 *
 * - `readPresigned`: a GET read straight into memory the caller provides: the socket reads into the destination
 *   buffer itself (the `onread` option of net/tls sockets), so the body of an 8 MiB original costs no per-read
 *   Buffer, no copy by the HTTP parser and no stream machinery. Through @aws-sdk/client-s3 (node:http underneath)
 *   every 64 KiB read allocates a Buffer, the parser copies it into another, and the stream hands it on; measured
 *   on 8.5 MiB originals with a worker-sized heap (2 cores), that cost 23-27 ms of CPU per original against 3-4 ms
 *   here, and the ~17 MiB of short-lived Buffers per original triggered a major GC for almost every photo (the
 *   worker's largest cost beyond sharp).
 * - `writePresigned`: a PUT of a buffer in memory (the derivatives): ~1.2 ms of CPU a photo for both, signing
 *   included, against ~4 ms through the SDK (its middleware stack, and a SHA-256 of the body to sign it: a presigned
 *   URL signs UNSIGNED-PAYLOAD; the integrity of the body in transit is TLS's, as for every client upload).
 *
 * Deliberately narrow: HTTP/1.1, one request per connection (`Connection: close`; a TLS handshake per multi-MiB
 * original is noise), and only the answers S3 gives when all is well: 200 with a Content-Length. Anything else
 * (another status, a redirect, chunked encoding, headers over 16 KiB) resolves to null without reading on, and a
 * broken exchange (connection refused or cut, a body shorter or longer than announced, no progress for
 * `idleTimeoutMs`) rejects: either way the caller does the same through the SDK, which maps errors and retries as
 * it does for every other request.
 */
import net from 'node:net';
import tls from 'node:tls';

export interface PresignedRequestOptions {
  /** Headers the presigned URL requires (its signed ones other than host). */
  headers?: Record<string, string>;
  /** Give up when the socket sees no traffic for this long (default 30 s). */
  idleTimeoutMs?: number;
  /** Extra trust anchors for https (tests with a self-signed certificate). */
  ca?: string | Buffer;
}

/** Headers of an answer are read into this much memory; S3's are well under 1 KiB. */
const HEAD_BYTES = 16 * 1024;
const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');
/** The body of a PUT's answer is read and dropped; S3 sends none (Content-Length: 0). */
const MAX_DROPPED_BODY = 64 * 1024;

interface Head {
  status: number;
  contentLength: number | null;
  chunked: boolean;
}

/** Status and framing of an HTTP/1.x response head (without the blank line); null when it is not one. */
export function parseResponseHead(text: string): Head | null {
  const lines = text.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(lines[0] ?? '');
  if (!status) return null;
  let contentLength: number | null = null;
  let chunked = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i]!;
    const colon = line.indexOf(':');
    if (colon <= 0) return null;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === 'content-length') {
      if (!/^\d{1,15}$/.test(value)) return null;
      const n = Number(value);
      // Two different lengths is a malformed (or smuggled) answer.
      if (contentLength !== null && contentLength !== n) return null;
      contentLength = n;
    } else if (name === 'transfer-encoding' && value.toLowerCase() !== 'identity') {
      chunked = true;
    }
  }
  return { status: Number(status[1]), contentLength, chunked };
}

/**
 * GETs `url` (http or https) and returns its body in `alloc(contentLength)` (the returned Buffer is a view of it,
 * exactly contentLength bytes long), or null when the answer is not a 200 with a Content-Length. `alloc` is called
 * at most once, and only for a 200; the memory it returned is the caller's again once this settles either way.
 */
export function readPresigned(url: string, alloc: (size: number) => Buffer, options: PresignedRequestOptions = {}): Promise<Buffer | null> {
  return exchange('GET', url, null, alloc, options);
}

/**
 * PUTs `body` to `url` (the signed headers, Content-Length and Content-Type, in `options.headers`): true once the
 * store answered 200, false for any other answer.
 */
export async function writePresigned(url: string, body: Buffer, options: PresignedRequestOptions = {}): Promise<boolean> {
  const answer = await exchange('PUT', url, body, (size) => Buffer.allocUnsafe(size), options, MAX_DROPPED_BODY);
  return answer !== null;
}

function exchange(
  method: 'GET' | 'PUT',
  url: string,
  body: Buffer | null,
  alloc: (size: number) => Buffer,
  options: PresignedRequestOptions,
  maxBody = Number.MAX_SAFE_INTEGER,
): Promise<Buffer | null> {
  const target = new URL(url);
  const secure = target.protocol === 'https:';
  if (!secure && target.protocol !== 'http:') return Promise.resolve(null);
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1'); // IPv6 literals come bracketed
  const port = Number(target.port || (secure ? 443 : 80));
  let request = `${method} ${target.pathname}${target.search} HTTP/1.1\r\nHost: ${target.host}\r\nConnection: close\r\n`;
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) return Promise.reject(new Error('presigned request: a header holds a line break'));
    request += `${name}: ${value}\r\n`;
  }
  request += '\r\n';

  return new Promise<Buffer | null>((resolve, reject) => {
    const head = Buffer.allocUnsafe(HEAD_BYTES);
    let headLength = 0;
    let received: Buffer | null = null;
    let receivedLength = 0;
    let total = 0;
    /** Where the next read lands: the rest of the head buffer, then the rest of the body. */
    let into: Uint8Array = head;
    let settled = false;

    const settle = (value: Buffer | null, err?: Error) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      if (err) reject(err);
      else resolve(value);
    };

    const onHead = (): boolean => {
      const end = head.subarray(0, headLength).indexOf(HEAD_END);
      if (end < 0) {
        if (headLength === head.length)
          settle(null); // a head this large is not S3's: let the SDK deal with it
        else into = head.subarray(headLength);
        return !settled;
      }
      const parsed = parseResponseHead(head.toString('latin1', 0, end));
      if (parsed?.status !== 200 || parsed.contentLength === null || parsed.chunked || parsed.contentLength > maxBody) {
        settle(null);
        return false;
      }
      total = parsed.contentLength;
      const already = headLength - (end + HEAD_END.length);
      if (already > total) {
        settle(null, new Error('presigned request: more bytes than the announced Content-Length'));
        return false;
      }
      received = total === 0 ? Buffer.alloc(0) : alloc(total);
      if (received.length < total) {
        settle(null, new Error('presigned request: alloc returned a buffer smaller than asked'));
        return false;
      }
      head.copy(received, 0, end + HEAD_END.length, headLength);
      receivedLength = already;
      return onBodyProgress();
    };

    const onBodyProgress = (): boolean => {
      if (receivedLength === total) {
        settle(received!.subarray(0, total));
        return false;
      }
      into = received!.subarray(receivedLength, total);
      return true;
    };

    const onread = {
      buffer: () => into,
      callback: (n: number): boolean => {
        if (settled) return false;
        if (received === null) {
          headLength += n;
          return onHead();
        }
        receivedLength += n;
        return onBodyProgress();
      },
    };
    const socket: net.Socket = secure
      ? tls.connect({
          host,
          port,
          // SNI takes a host name, never an address (RFC 6066).
          ...(net.isIP(host) ? {} : { servername: host }),
          ...(options.ca ? { ca: options.ca } : {}),
          onread,
        } as tls.ConnectionOptions)
      : net.connect({ host, port, onread });
    socket.setTimeout(options.idleTimeoutMs ?? 30_000, () => settle(null, new Error('presigned request: no progress, gave up')));
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.write(request);
      if (body && body.length > 0) socket.write(body);
    });
    socket.on('error', (err) => settle(null, err));
    // The server closed before the whole answer arrived.
    socket.on('close', () => settle(null, new Error('presigned request: the connection closed before the whole answer arrived')));
  });
}
