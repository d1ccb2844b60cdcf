/**
 * What every floor server shares: listen on an ephemeral loopback port, say so in one stdout line (the only line a
 * floor ever writes: floors keep no access log), and close on SIGTERM. The bench (bench/lib.ts `startFloor`) starts
 * each floor as its own process on the same Node binary and flags as the stack's processes, and reads that line.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { NextFunction, Request, Response } from 'express';
import pg from 'pg';

/** The line a floor prints once it listens: `FLOOR_LISTENING <port>`. */
export const LISTENING_PREFIX = 'FLOOR_LISTENING ';

/** A value of the floor's environment; the process stops with a message naming it when it is missing. */
export function required(name: string): string {
  const value = process.env[name];
  if (!value) {
    console.error(`${name} is required`);
    process.exit(2);
  }
  return value;
}

/**
 * A `pg` Pool configured as studio's (@studio/prisma-config: `max` connections, idle ones closed after 30 s, 5 s to
 * get one), its connections opened before the floor listens, so that no run of it waits for (or fails on) a new
 * connection. A server out of connections (53300, too many clients: the machine's Postgres is shared) is asked
 * again for up to a minute; then the floor stops.
 */
export async function openPool(max: number): Promise<pg.Pool> {
  const pool = new pg.Pool({ connectionString: required('DATABASE_URL'), max, idleTimeoutMillis: 30_000, connectionTimeoutMillis: 5_000 });
  pool.on('error', (err) => console.error(`postgres pool error: ${err.message}`));
  const clients: pg.PoolClient[] = [];
  const until = Date.now() + 60_000;
  while (clients.length < max) {
    try {
      clients.push(await pool.connect());
    } catch (err) {
      if (Date.now() > until) throw err;
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  for (const c of clients) c.release();
  return pool;
}

/**
 * The floor's express app's last handler: a failed request is a 500 and one stderr line (the bench shows a floor's
 * last lines when a run of it had failures).
 */
export function answerErrors(err: unknown, _req: Request, res: Response, _next: NextFunction): void {
  console.error(`floor request failed: ${err instanceof Error ? err.message : String(err)}`);
  if (!res.headersSent) res.status(500).json({ ok: false, error: { code: 'internal' } });
  else res.destroy();
}

export async function serveFloor(listener: http.RequestListener, onClose: () => Promise<void> = async () => undefined): Promise<void> {
  const server = http.createServer(listener);
  // As the services' servers (@studio/http graceful-server): a load generator's keep-alive connections stay open.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${LISTENING_PREFIX}${(server.address() as AddressInfo).port}\n`);
  process.once('SIGTERM', () => {
    server.closeAllConnections();
    server.close(() => void onClose().finally(() => process.exit(0)));
  });
}
