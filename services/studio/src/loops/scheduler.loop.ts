/**
 * The time-driven events of studio, from inside the studio process: every SCHEDULER_INTERVAL_MS a round completes
 * planned shoots whose scheduled end has passed (shoot.completed), expires sent or viewed proposals whose
 * expires_at has passed (proposal.expired), and deletes the account rows that can never work again (console sessions
 * and one-time links that ended a day ago, forgotten sign-in throttles: AccountService.pruneSpent).
 *
 * Safe with several replicas: each batch is claimed with
 * `UPDATE ... WHERE id IN (SELECT ... FOR UPDATE SKIP LOCKED LIMIT n) RETURNING` inside the transaction that writes
 * the outbox rows (ShootStore.completeDue, ProposalStore.expireDue), so two replicas never claim the same row, and
 * a claimed row no longer matches the due condition once committed: each event is emitted once. Rounds never
 * overlap within one process; a failed round is logged and the next one retries.
 */
import type { Logger } from '@studio/logger';
import type { Services } from '../services/index.js';

export interface SchedulerOptions {
  services: Pick<Services, 'shotLists' | 'proposals' | 'accounts'>;
  logger: Logger;
  /** Pause between rounds, ms; 0 disables the timer (runOnce still works). */
  intervalMs: number;
  /** Rows claimed per transaction. */
  batchSize?: number;
}

export interface RoundResult {
  shootsCompleted: number;
  proposalsExpired: number;
  /** Spent console sessions, one-time links and throttle counters deleted. */
  accountRowsPruned: number;
}

export interface Scheduler {
  /** One round now (waits for a round in progress first). */
  runOnce(): Promise<RoundResult>;
  stop(): Promise<void>;
}

/** Claims batches until one comes back short (nothing more is due). */
async function drain(step: (limit: number) => Promise<number>, batchSize: number): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await step(batchSize);
    total += n;
    if (n < batchSize) return total;
  }
}

export function startScheduler(opts: SchedulerOptions): Scheduler {
  const { services, logger, intervalMs } = opts;
  const batchSize = opts.batchSize ?? 100;
  let stopped = false;
  let timer: NodeJS.Timeout | null = null;
  let current: Promise<RoundResult> | null = null;

  const round = async (): Promise<RoundResult> => {
    const shootsCompleted = await drain((n) => services.shotLists.completeDue(n), batchSize);
    const proposalsExpired = await drain((n) => services.proposals.expireDue(n), batchSize);
    const accountRowsPruned = await services.accounts.pruneSpent();
    if (shootsCompleted + proposalsExpired + accountRowsPruned > 0)
      logger.info(
        { shoots_completed: shootsCompleted, proposals_expired: proposalsExpired, account_rows_pruned: accountRowsPruned },
        'scheduler round',
      );
    return { shootsCompleted, proposalsExpired, accountRowsPruned };
  };

  const runOnce = async (): Promise<RoundResult> => {
    while (current) await current.catch(() => undefined);
    current = round();
    try {
      return await current;
    } finally {
      current = null;
    }
  };

  const schedule = () => {
    if (stopped || intervalMs <= 0) return;
    timer = setTimeout(() => {
      timer = null;
      runOnce()
        .catch((err: unknown) => logger.warn({ err }, 'scheduler round failed; retrying next round'))
        .finally(schedule);
    }, intervalMs);
    timer.unref();
  };
  schedule();

  return {
    runOnce,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await current?.catch(() => undefined);
    },
  };
}
