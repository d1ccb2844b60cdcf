/**
 * Outbound POSTs to subscribers: keep-alive agents (one connection pool per origin), a hard deadline per
 * request, no redirects (node's client never follows them), the SSRF lookup on every new connection, and
 * answer bodies read only up to a cap (4 KiB kept, reading stops at 64 KiB).
 */
import http from 'node:http';
import https from 'node:https';
import { bareHost, checkLiteralHost, createSafeLookup, TargetRejectedError, type Resolver, type TargetPolicy } from './ssrf.js';

/** Kept from an answer's body for the attempt record and the delivery's last_error. */
export const BODY_EXCERPT_BYTES = 4096;
/** Reading an answer stops here (the connection is then dropped). */
export const BODY_READ_LIMIT_BYTES = 64 * 1024;

export type SendErrorKind = 'timeout' | 'network' | 'blocked';

export interface SendResult {
  /** HTTP status, or null when no answer came. */
  status: number | null;
  /** First 4 KiB of the answer body (non-2xx only), or a description of the transport error. */
  detail: string | null;
  errorKind: SendErrorKind | null;
  durationMs: number;
}

export interface SenderOptions {
  timeoutMs: number;
  policy: TargetPolicy;
  /**
   * Connection limit per origin. Set it to the dispatcher's total concurrency so a request never waits in the
   * agent's queue (its deadline would tick there); per-endpoint limits are the dispatcher's job.
   */
  maxSocketsPerOrigin: number;
  /** Idle keep-alive connections kept per origin. */
  maxFreeSocketsPerOrigin: number;
  resolver?: Resolver;
  userAgent?: string;
}

class DeadlineError extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'DeadlineError';
  }
}

/** A short, safe description of a transport error (never a stack). */
function describeError(err: unknown): { kind: SendErrorKind; text: string } {
  if (err instanceof TargetRejectedError) return { kind: 'blocked', text: err.message };
  if (err instanceof DeadlineError) return { kind: 'timeout', text: err.message };
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : 'ERROR';
  const text =
    code === 'ENOTFOUND' || code === 'EAI_AGAIN'
      ? `${code}: host could not be resolved`
      : `${code}: ${String(e?.message ?? 'connection failed').slice(0, 200)}`;
  return { kind: 'network', text };
}

function truncateUtf8(buf: Buffer, max: number): string {
  if (buf.length <= max) return buf.toString('utf8');
  // Cut at a character boundary: drop continuation bytes at the cut.
  let end = max;
  while (end > 0 && (buf[end]! & 0xc0) === 0x80) end--;
  return buf.subarray(0, end).toString('utf8');
}

export class WebhookSender {
  private readonly httpAgent: http.Agent;
  private readonly httpsAgent: https.Agent;
  private readonly lookup;

  constructor(private readonly opts: SenderOptions) {
    this.lookup = createSafeLookup(opts.policy, opts.resolver);
    const agentOpts = {
      keepAlive: true,
      keepAliveMsecs: 1000,
      maxSockets: opts.maxSocketsPerOrigin,
      maxFreeSockets: opts.maxFreeSocketsPerOrigin,
      scheduling: 'lifo' as const,
      timeout: 30_000,
    };
    this.httpAgent = new http.Agent(agentOpts);
    this.httpsAgent = new https.Agent(agentOpts);
  }

  /** POSTs `body` to `url`; never throws. */
  async send(url: URL, headers: Record<string, string>, body: string): Promise<SendResult> {
    const started = performance.now();
    const deadline = started + this.opts.timeoutMs;
    const done = (r: Omit<SendResult, 'durationMs'>): SendResult => ({ ...r, durationMs: Math.round(performance.now() - started) });
    try {
      checkLiteralHost(bareHost(url), this.opts.policy);
    } catch (err) {
      const d = describeError(err);
      return done({ status: null, detail: d.text, errorKind: d.kind });
    }
    const payload = Buffer.from(body, 'utf8');
    for (let attempt = 0; ; attempt++) {
      try {
        const { status, detail } = await this.once(url, headers, payload, deadline);
        return done({ status, detail, errorKind: null });
      } catch (err) {
        // A pooled keep-alive connection the server had just closed: retry once on a fresh one (node's advice).
        if (attempt === 0 && (err as { reusedSocket?: boolean }).reusedSocket && (err as NodeJS.ErrnoException).code === 'ECONNRESET')
          continue;
        const d = describeError(err);
        return done({ status: null, detail: d.text, errorKind: d.kind });
      }
    }
  }

  private once(
    url: URL,
    headers: Record<string, string>,
    payload: Buffer,
    deadline: number,
  ): Promise<{ status: number; detail: string | null }> {
    const isHttps = url.protocol === 'https:';
    const remaining = Math.max(1, Math.round(deadline - performance.now()));
    return new Promise((resolve, reject) => {
      let settled = false;
      const req = (isHttps ? https : http).request({
        protocol: url.protocol,
        hostname: bareHost(url),
        port: url.port || (isHttps ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'POST',
        agent: isHttps ? this.httpsAgent : this.httpAgent,
        lookup: this.lookup as never,
        headers: {
          ...headers,
          'content-length': String(payload.length),
          'user-agent': this.opts.userAgent ?? 'studio-webhooks/1',
        },
      });
      const finish = (err: Error | null, value?: { status: number; detail: string | null }) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) {
          (err as { reusedSocket?: boolean }).reusedSocket = req.reusedSocket;
          reject(err);
        } else resolve(value!);
      };
      const timer = setTimeout(() => {
        const err = new DeadlineError(this.opts.timeoutMs);
        finish(err);
        req.destroy(err);
      }, remaining);
      req.on('error', (err) => finish(err));
      req.on('response', (res) => {
        const status = res.statusCode ?? 0;
        const ok = status >= 200 && status <= 299;
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let readBytes = 0;
        const complete = () => finish(null, { status, detail: ok ? null : truncateUtf8(Buffer.concat(kept), BODY_EXCERPT_BYTES) });
        res.on('data', (chunk: Buffer) => {
          readBytes += chunk.length;
          if (!ok && keptBytes < BODY_EXCERPT_BYTES) {
            kept.push(chunk.subarray(0, BODY_EXCERPT_BYTES + 4 - keptBytes));
            keptBytes += Math.min(chunk.length, BODY_EXCERPT_BYTES + 4 - keptBytes);
          }
          if (readBytes > BODY_READ_LIMIT_BYTES) {
            complete();
            res.destroy(); // stop reading; this connection is not reused
          }
        });
        res.on('end', complete);
        res.on('aborted', complete);
        res.on('error', () => complete());
      });
      req.end(payload);
    });
  }

  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}
