/**
 * The hop floor's upstream: a bare node:http server answering every request with one fixed answer (status,
 * headers and body captured from studio's answer to GET /shoots/{id}), so the hop in front of it does exactly the
 * gateway's proxy work on the same bytes, and nothing of studio's.
 * Environment: FLOOR_ANSWER = JSON { status, headers: { name: value }, body }.
 */
import { required, serveFloor } from './serve.js';

const answer = JSON.parse(required('FLOOR_ANSWER')) as { status: number; headers: Record<string, string>; body: string };
const body = Buffer.from(answer.body);
// Node writes the connection's own headers (date, connection, keep-alive) itself, and the length of this body.
const own = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length']);
const headers: Record<string, string | number> = { 'content-length': body.length };
for (const [name, value] of Object.entries(answer.headers)) if (!own.has(name)) headers[name] = value;

await serveFloor((_req, res) => {
  res.writeHead(answer.status, headers);
  res.end(body);
});
