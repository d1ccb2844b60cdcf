/**
 * HTTP/1.1 over a raw socket, for tests of what a listener writes below any HTTP client: answers to malformed or
 * slow requests, refused connections, whether a connection is closed. Loopback only.
 */
import net from 'node:net';

/** One answer: status, headers (names lower-cased), body (latin1, as received). */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses the first answer in `text` (status line, headers, whatever follows the blank line). */
export function parseRawAnswer(text: string): RawAnswer {
  const end = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = text.slice(0, end < 0 ? text.length : end).split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { status: Number(statusLine.split(' ')[1]), headers, body: end < 0 ? '' : text.slice(end + 4) };
}

export interface RawConnection {
  socket: net.Socket;
  /** Everything received so far. */
  received(): string;
  /** Everything received, once the server has closed the connection. */
  closed: Promise<string>;
}

/** A connection to 127.0.0.1:`port` (or `host`). A reset after the answer was read is not an error here. */
export function connectRaw(port: number, host = '127.0.0.1'): Promise<RawConnection> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, host);
    let out = '';
    socket.on('data', (chunk: Buffer) => (out += chunk.toString('latin1')));
    const closed = new Promise<string>((done) => socket.on('close', () => done(out)));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.on('error', () => {});
      resolve({ socket, received: () => out, closed });
    });
  });
}

/** Sends `request` on a fresh connection; the answer once the server has closed the connection. */
export async function exchangeRaw(port: number, request: string, host?: string): Promise<RawAnswer> {
  const c = await connectRaw(port, host);
  c.socket.write(request);
  return parseRawAnswer(await c.closed);
}

/**
 * Sends a body of `length` bytes (`{` then spaces) one byte every `everyMs` on `c`, until it is all sent, the
 * connection is no longer writable, or `stop()`. `sent()` says how many went out.
 */
export function trickleBody(c: RawConnection, length: number, everyMs: number): { sent(): number; stop(): void } {
  let sent = 0;
  const timer = setInterval(() => {
    if (!c.socket.writable || sent >= length) return;
    c.socket.write(sent === 0 ? '{' : ' ');
    sent++;
  }, everyMs);
  return { sent: () => sent, stop: () => clearInterval(timer) };
}
