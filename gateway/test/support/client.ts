/** A small HTTP client for tests (node:http, keep-alive): exact bytes in and out, any header. */
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  raw: Buffer;
  text: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  ms: number;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string | string[]>;
  body?: string | Buffer;
  /** Send the body with Transfer-Encoding: chunked, in pieces of this size. */
  chunkSize?: number;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

export function request(baseUrl: string, path: string, opts: RequestOptions = {}): Promise<Answer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const url = new URL(path, baseUrl);
    const headers: Record<string, string | string[]> = { ...(opts.headers ?? {}) };
    const body = typeof opts.body === 'string' ? Buffer.from(opts.body) : opts.body;
    if (body && !opts.chunkSize) headers['content-length'] = String(body.length);
    const req = http.request(
      { host: url.hostname, port: url.port, path: url.pathname + url.search, method: opts.method ?? 'GET', headers, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const text = raw.toString('utf8');
          let json: unknown;
          try {
            json = JSON.parse(text);
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text, json, ms: performance.now() - started });
        });
      },
    );
    req.on('error', reject);
    if (body && opts.chunkSize) {
      for (let i = 0; i < body.length; i += opts.chunkSize) req.write(body.subarray(i, i + opts.chunkSize));
    } else if (body) {
      req.write(body);
    }
    req.end();
  });
}
