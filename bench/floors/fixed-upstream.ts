/**
 * A bare node:http server answering every request with one fixed answer (status, headers and body captured from a
 * process's answer): the hop floor's upstream (studio's answer to GET /shoots/{id}, so the hop in front of it does
 * exactly the gateway's proxy work on the same bytes, and nothing of studio's), and the floor of a bare static file
 * server for the console's and portal's assets (their very bytes and headers, served from memory).
 * Environment: FLOOR_ANSWER = JSON { status, headers: { name: value }, body } or, for bytes that are not text (a
 * brotli body), { status, headers, body_base64 }.
 */
import { required, serveFloor } from './serve.js';

const answer = JSON.parse(required('FLOOR_ANSWER')) as {
  status: number;
  headers: Record<string, string>;
  body?: string;
  body_base64?: string;
};
const body = answer.body_base64 !== undefined ? Buffer.from(answer.body_base64, 'base64') : Buffer.from(answer.body ?? '');
// Node writes the connection's own headers (date, connection, keep-alive) itself, and the length of this body.
const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const headers: Record<string, string | number> = { 'content-length': body.length };
for (const [name, value] of Object.entries(answer.headers)) if (!own.has(name)) headers[name] = value;

await serveFloor((_req, res) => {
  res.writeHead(answer.status, headers);
  res.end(body);
});
