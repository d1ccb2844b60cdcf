/**
 * Periodic janitor of the API process: expires upload sessions idle for SESSION_TTL_DAYS and aborts their S3
 * multipart uploads (freeing the stored parts). Safe with several replicas: sessions are claimed with
 * FOR UPDATE SKIP LOCKED, so each is expired by exactly one of them.
 */
import type { Logger } from '@studio/logger';
import type { UploadSessionService } from './upload-session.service.js';

export interface Janitor {
  /** One pass now (tests). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export function startJanitor(sessions: UploadSessionService, logger: Logger, intervalMs: number): Janitor {
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = (): Promise<number> => {
    running ??= sessions
      .expireIdleSessions()
      .then((n) => {
        if (n > 0) logger.info({ expired: n }, 'janitor expired idle upload sessions');
        return n;
      })
      .catch((err: unknown) => {
        logger.warn({ err: (err as Error).message }, 'janitor pass failed; retrying at the next interval');
        return 0;
      })
      .finally(() => {
        running = null;
      });
    return running;
  };
  const timer = setInterval(() => {
    if (!stopped) void runOnce();
  }, intervalMs);
  timer.unref();
  return {
    runOnce,
    async stop() {
      stopped = true;
      clearInterval(timer);
      if (running) await running;
    },
  };
}
