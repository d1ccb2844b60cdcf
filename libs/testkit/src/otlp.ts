/**
 * A small OTLP/HTTP trace receiver for tests (a stand-in for an OpenTelemetry collector): takes
 * `POST /v1/traces` in the JSON encoding (gzip or not), keeps the spans in memory (the newest `maxSpans`), and
 * answers `GET /spans?trace_id=<hex>` with the spans of one trace, so a test in another process can read them.
 * Listens on 127.0.0.1 only.
 */
import http from 'node:http';
import { gunzipSync } from 'node:zlib';

export type ReceivedKind = 'unspecified' | 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export interface ReceivedSpan {
  /** The resource's service.name. */
  service: string;
  traceId: string;
  spanId: string;
  /** Null for a root span. */
  parentSpanId: string | null;
  name: string;
  kind: ReceivedKind;
  /** Epoch ms. */
  start: number;
  end: number;
  attributes: Record<string, string | number | boolean>;
  resource: Record<string, string | number | boolean>;
  scope: string;
  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  status: { code: number; message?: string };
}

const KINDS: ReceivedKind[] = ['unspecified', 'internal', 'server', 'client', 'producer', 'consumer'];

interface OtlpAnyValue {
  stringValue?: string;
  boolValue?: boolean;
  intValue?: number | string;
  doubleValue?: number;
}
interface OtlpKeyValue {
  key: string;
  value?: OtlpAnyValue;
}
interface OtlpSpan {
  traceId?: string;
  spanId?: string;
  parentSpanId?: string;
  name?: string;
  kind?: number;
  startTimeUnixNano?: string | number;
  endTimeUnixNano?: string | number;
  attributes?: OtlpKeyValue[];
  status?: { code?: number; message?: string };
}
interface OtlpRequest {
  resourceSpans?: { resource?: { attributes?: OtlpKeyValue[] }; scopeSpans?: { scope?: { name?: string }; spans?: OtlpSpan[] }[] }[];
}

function attributes(list: OtlpKeyValue[] | undefined): Record<string, string | number | boolean> {
  const out: Record<string, string | number | boolean> = {};
  for (const { key, value } of list ?? []) {
    if (!value) continue;
    if (value.stringValue !== undefined) out[key] = value.stringValue;
    else if (value.boolValue !== undefined) out[key] = value.boolValue;
    else if (value.intValue !== undefined)
      out[key] = Number(value.intValue); // int64 may arrive as a string
    else if (value.doubleValue !== undefined) out[key] = value.doubleValue;
  }
  return out;
}

const nanosToMs = (v: string | number | undefined) => (v === undefined ? NaN : Number(BigInt(v) / 1000n) / 1000);

/** The spans of one OTLP/JSON `ExportTraceServiceRequest`. */
export function parseOtlpJson(body: unknown): ReceivedSpan[] {
  const out: ReceivedSpan[] = [];
  for (const rs of (body as OtlpRequest).resourceSpans ?? []) {
    const resource = attributes(rs.resource?.attributes);
    for (const ss of rs.scopeSpans ?? []) {
      for (const s of ss.spans ?? []) {
        out.push({
          service: String(resource['service.name'] ?? ''),
          traceId: s.traceId ?? '',
          spanId: s.spanId ?? '',
          parentSpanId: s.parentSpanId ? s.parentSpanId : null,
          name: s.name ?? '',
          kind: KINDS[s.kind ?? 0] ?? 'unspecified',
          start: nanosToMs(s.startTimeUnixNano),
          end: nanosToMs(s.endTimeUnixNano),
          attributes: attributes(s.attributes),
          resource,
          scope: ss.scope?.name ?? '',
          status: { code: s.status?.code ?? 0, ...(s.status?.message ? { message: s.status.message } : {}) },
        });
      }
    }
  }
  return out;
}

export interface OtlpReceiver {
  /** Base URL: what OTEL_EXPORTER_OTLP_ENDPOINT is set to. */
  url: string;
  /** Every span kept (oldest first). */
  spans(): ReceivedSpan[];
  /** Export requests received (JSON ones that parsed). */
  readonly requests: number;
  close(): Promise<void>;
}

export async function startOtlpReceiver(options: { maxSpans?: number } = {}): Promise<OtlpReceiver> {
  const maxSpans = options.maxSpans ?? 100_000;
  let kept: ReceivedSpan[] = [];
  let requests = 0;
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://receiver');
    if (req.method === 'GET' && url.pathname === '/spans') {
      const traceId = url.searchParams.get('trace_id');
      const body = JSON.stringify(traceId ? kept.filter((s) => s.traceId === traceId) : kept);
      res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      return;
    }
    if (req.method !== 'POST' || url.pathname !== '/v1/traces') {
      res.writeHead(404).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (!String(req.headers['content-type'] ?? '').startsWith('application/json')) {
        res.writeHead(415, { 'content-type': 'application/json' }).end('{"message":"only the JSON encoding is understood here"}');
        return;
      }
      try {
        let raw = Buffer.concat(chunks);
        if (req.headers['content-encoding'] === 'gzip') raw = gunzipSync(raw);
        const spans = parseOtlpJson(JSON.parse(raw.toString('utf8')));
        requests++;
        kept.push(...spans);
        if (kept.length > maxSpans) kept = kept.slice(kept.length - maxSpans);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      } catch (err) {
        res.writeHead(400, { 'content-type': 'application/json' }).end(JSON.stringify({ message: (err as Error).message }));
      }
    });
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    spans: () => kept,
    get requests() {
      return requests;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** The spans of one trace that the receiver at `url` (another process's) has received so far. */
export async function fetchTraceSpans(url: string, traceId: string): Promise<ReceivedSpan[]> {
  const res = await fetch(`${url}/spans?trace_id=${encodeURIComponent(traceId)}`);
  if (!res.ok) throw new Error(`OTLP receiver answered ${res.status}`);
  return (await res.json()) as ReceivedSpan[];
}
