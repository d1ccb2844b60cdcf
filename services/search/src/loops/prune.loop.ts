/**
 * The hourly pruning loop of the search process: forgets the ids of processed events older than
 * PROCESSED_EVENTS_RETENTION_HOURS (the index consumer's de-duplication window) and removes dictionary words no
 * live document holds any more. A failed pass is logged; the next hour tries again. The timer never keeps the
 * process alive, and a stop does not wait for a pass in progress (both are idempotent batch deletes).
 */
import type { Logger } from '@studio/logger';
import type { RunningLoop } from '@studio/process';
import type { IndexStore } from '../store/index.store.js';

export const PRUNE_INTERVAL_MS = 3_600_000;

export interface PruneLoopOptions {
  index: Pick<IndexStore, 'pruneProcessedEvents' | 'pruneEmptyWords'>;
  logger: Logger;
  /** How long a processed event's id is kept, hours. */
  retentionHours: number;
}

export function startPruneLoop({ index, logger, retentionHours }: PruneLoopOptions): RunningLoop {
  const timer = setInterval(() => {
    const before = new Date(Date.now() - retentionHours * 3_600_000);
    index.pruneProcessedEvents(before).catch((err) => logger.warn({ err: (err as Error).message }, 'pruning processed events failed'));
    index.pruneEmptyWords().catch((err) => logger.warn({ err: (err as Error).message }, 'pruning dictionary words failed'));
  }, PRUNE_INTERVAL_MS);
  timer.unref();
  return { stop: async () => clearInterval(timer) };
}
