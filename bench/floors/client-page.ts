/**
 * Studio's floor for GET /clients (a page): a bare express 5 app and a `pg` Pool of studio's size (10). One
 * prepared statement reads limit + 1 clients of the workspace, newest first (ORDER BY created_at DESC, id DESC, as
 * studio's keyset pages do), and res.json answers the page studio answers: the same items, and the next cursor
 * made as @studio/cursor makes it (base64url JSON + a 16-byte HMAC-SHA256 with CURSOR_SECRET), so the answer is
 * the same bytes. First pages only (no cursor read); no identity, no validation, no metrics, no log.
 * GET /api/v1/clients?workspace_id=<uuid>&limit=<1..100>. Environment: DATABASE_URL, CURSOR_SECRET, FLOOR_POOL_SIZE.
 */
import { createHmac } from 'node:crypto';
import express from 'express';
import { answerErrors, openPool, required, serveFloor } from './serve.js';

const pool = await openPool(Number(process.env.FLOOR_POOL_SIZE ?? 10));
const cursorSecret = required('CURSOR_SECRET');

const CLIENT_PAGE = {
  name: 'floor-client-page',
  text: `SELECT id, workspace_id, name, email, phone, notes, created_at
         FROM clients WHERE workspace_id = $1
         ORDER BY created_at DESC, id DESC
         LIMIT $2`,
};

function cursorAfter(last: { created_at: Date; id: string }): string {
  const payload = Buffer.from(JSON.stringify(['clients', last.created_at.toISOString(), last.id])).toString('base64url');
  return `${payload}.${createHmac('sha256', cursorSecret).update(payload).digest().subarray(0, 16).toString('base64url')}`;
}

const app = express();
app.get('/api/v1/clients', async (req, res) => {
  const limit = Math.min(100, Math.max(1, Number(req.query.limit ?? 50) || 50));
  const { rows } = await pool.query({ ...CLIENT_PAGE, values: [req.query.workspace_id, limit + 1] });
  const page = rows.length > limit ? rows.slice(0, limit) : rows;
  res.json({ ok: true, items: page, next_cursor: rows.length > limit ? cursorAfter(page[page.length - 1]) : null });
});
app.use(answerErrors);

await serveFloor(app, () => pool.end());
