/**
 * Studio's floor for GET /shoots/{id}: a bare express 5 app and a `pg` Pool of studio's size (10, pg's default,
 * as @studio/prisma-config gives studio). One prepared statement reads the shoot by id and workspace with its
 * shot-list items (aggregated in SQL, one round trip, as studio's store does), and res.json answers the shape
 * studio answers, byte for byte. No identity, no validation, no metrics, no log.
 * GET /api/v1/shoots/:id?workspace_id=<uuid>. Environment: DATABASE_URL, FLOOR_POOL_SIZE (default 10).
 */
import express from 'express';
import { answerErrors, openPool, serveFloor } from './serve.js';

const pool = await openPool(Number(process.env.FLOOR_POOL_SIZE ?? 10));

const SHOOT_BY_ID = {
  name: 'floor-shoot-by-id',
  text: `SELECT s.id, s.workspace_id, s.title, s.slug, s.state::text AS state, s.client_id, s.location, s.scheduled_start,
                s.scheduled_end, s.completed_at, s.created_at, s.updated_at,
                COALESCE((SELECT json_agg(json_build_object('id', i.id, 'label', i.label, 'position', i.position, 'done', i.done,
                                                            'done_at', i.done_at) ORDER BY i.position, i.id)
                          FROM shot_list_items i WHERE i.shoot_id = s.id), '[]'::json) AS items
         FROM shoots s
         WHERE s.id = $1 AND s.workspace_id = $2`,
};

interface Item {
  id: string;
  label: string;
  position: number;
  done: boolean;
  done_at: string | null;
}

const app = express();
app.get('/api/v1/shoots/:id', async (req, res) => {
  const { rows } = await pool.query({ ...SHOOT_BY_ID, values: [req.params.id, req.query.workspace_id] });
  const s = rows[0];
  if (!s) {
    res.status(404).json({ ok: false, error: { code: 'not_found' } });
    return;
  }
  // JSON timestamps of the aggregate ("...+00:00") in the API's form (ISO 8601 UTC with milliseconds).
  const items = (s.items as Item[]).map((i) => ({ ...i, done_at: i.done_at === null ? null : new Date(i.done_at).toISOString() }));
  res.json({
    ok: true,
    shoot: {
      id: s.id,
      workspace_id: s.workspace_id,
      title: s.title,
      slug: s.slug,
      state: s.state,
      client_id: s.client_id,
      location: s.location,
      scheduled_start: s.scheduled_start,
      scheduled_end: s.scheduled_end,
      completed_at: s.completed_at,
      created_at: s.created_at,
      updated_at: s.updated_at,
      shot_list: { total: items.length, done: items.filter((i) => i.done).length },
      shot_list_items: items,
    },
  });
});
app.use(answerErrors);

await serveFloor(app, () => pool.end());
