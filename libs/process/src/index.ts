/**
 * @studio/process: how a process starts and ends. `runService` is the entry point of a long-running process
 * (start, one line when up, graceful stop on SIGTERM/SIGINT with a hard deadline, exit codes); the operator CLIs'
 * command table, argument parsing and exit codes are in `@studio/process/cli`.
 */
import type { Logger } from '@studio/logger';

/** What a process entry point runs: the composition root's start/stop and its logger. */
export interface ServiceProcess<Started> {
  readonly logger: Logger;
  start(): Promise<Started>;
  stop(): Promise<void>;
}

export interface RunServiceOptions<Started> {
  /** Names the process in its log lines: "<name> listening", "<name> shutting down", "<name> stopped". */
  name: string;
  /** How long in-flight work may take to finish when stopping (the process's SHUTDOWN_GRACE_MS). */
  shutdownGraceMs: number;
  /** The process exits 1 when stopping takes longer than the grace plus this, ms (default 5,000). */
  hardStopMarginMs?: number;
  /** Fields of the line logged once started (ports and the like), from what start() returned. */
  startedFields?: (started: Started) => Record<string, unknown>;
  /** Log messages in place of the defaults. */
  messages?: { started?: string; stopping?: string; overdue?: string };
  /**
   * Runs once the service has stopped (or failed to start), before the process exits: e.g. exporting the last
   * spans (@studio/telemetry's shutdown). Its failure does not change the exit code; the hard deadline bounds it.
   */
  afterStop?: () => Promise<unknown>;
}

/**
 * Starts `service` (exit 1 when that fails, after stopping what did start), then stops it gracefully on the
 * first SIGTERM or SIGINT: exit 0 once stopped, 1 when stopping fails or outlasts the deadline.
 */
export async function runService<Started>(service: ServiceProcess<Started>, o: RunServiceOptions<Started>): Promise<void> {
  const { logger } = service;
  let started: Started;
  try {
    started = await service.start();
  } catch (err) {
    logger.fatal({ err }, `${o.name} failed to start`);
    await service.stop().catch(() => undefined);
    await o.afterStop?.().catch(() => undefined);
    process.exit(1);
  }

  let stopping = false;
  async function shutdown(signal: NodeJS.Signals): Promise<void> {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, o.messages?.stopping ?? `${o.name} shutting down`);
    const hardStop = setTimeout(() => {
      logger.error(o.messages?.overdue ?? 'shutdown took too long; exiting');
      process.exit(1);
    }, o.shutdownGraceMs + (o.hardStopMarginMs ?? 5_000));
    hardStop.unref();
    let code = 0;
    try {
      await service.stop();
      logger.info(`${o.name} stopped`);
    } catch (err) {
      logger.error({ err }, 'error during shutdown');
      code = 1;
    }
    await o.afterStop?.().catch(() => undefined);
    process.exit(code);
  }
  // Before the started line: whoever waits for it may signal at once.
  process.on('SIGTERM', (s) => void shutdown(s));
  process.on('SIGINT', (s) => void shutdown(s));
  logger.info(o.startedFields?.(started) ?? {}, o.messages?.started ?? `${o.name} listening`);
}
