/**
 * The sweeper every service with keyed routes starts (in its process definition's loops): every few minutes it
 * deletes the idempotency_keys rows older than 24 h, in batches, until a batch comes back short. A failed pass is
 * logged; the next one tries again. The timer never keeps the process alive; a stop waits for a pass in progress.
 */
import type { SqlIdempotencyStore } from './sql-store.js';

export const SWEEP_INTERVAL_MS = 5 * 60_000;
export const SWEEP_BATCH = 1000;

export interface SweeperOptions {
  store: Pick<SqlIdempotencyStore, 'sweep'>;
  logger: { warn(fields: object, msg: string): void };
  intervalMs?: number;
  batch?: number;
}

/** One pass: batches until one deletes fewer than `batch` rows; answers the rows deleted. */
export async function sweepExpiredKeys(store: Pick<SqlIdempotencyStore, 'sweep'>, batch = SWEEP_BATCH): Promise<number> {
  let total = 0;
  for (;;) {
    const deleted = await store.sweep(batch);
    total += deleted;
    if (deleted < batch) return total;
  }
}

export function startIdempotencySweeper({ store, logger, intervalMs = SWEEP_INTERVAL_MS, batch = SWEEP_BATCH }: SweeperOptions): {
  stop(): Promise<void>;
} {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = sweepExpiredKeys(store, batch)
      .catch((err) => logger.warn({ err: (err as Error).message }, 'sweeping idempotency keys failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
