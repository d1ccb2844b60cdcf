/** A log destination for tests: keeps every JSON line a logger writes, parsed. */
import { Writable } from 'node:stream';

export type LogLine = Record<string, unknown>;

export interface LogCapture {
  /** Pass as the logger's destination (pino writes one JSON line per call). */
  stream: Writable;
  lines(): LogLine[];
  /** Lines whose fields include every key/value of `match`. */
  find(match: LogLine): LogLine[];
}

export function captureLogs(): LogCapture {
  const lines: LogLine[] = [];
  let partial = '';
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      const text = partial + chunk.toString('utf8');
      const parts = text.split('\n');
      partial = parts.pop() ?? '';
      for (const part of parts) {
        if (!part.trim()) continue;
        try {
          lines.push(JSON.parse(part) as LogLine);
        } catch {
          lines.push({ unparsed: part });
        }
      }
      done();
    },
  });
  return {
    stream,
    lines: () => [...lines],
    find: (match) => lines.filter((line) => Object.entries(match).every(([k, v]) => line[k] === v)),
  };
}
