/**
 * Periodic janitor of the API process:
 * - expires upload sessions idle for SESSION_TTL_DAYS and aborts their S3 multipart uploads (freeing the stored
 *   parts);
 * - fails pending single-shot photos whose upload URL expired a margin ago (failure_code upload_expired) and deletes
 *   whatever bytes landed, counted in `upload_expired_photos_total`;
 * - deletes staged single-shot objects whose photo is no longer pending (a PUT to the upload URL after finalize lands
 *   there; docs/decisions/0020-upload-hardening.md), at most 1,000 a pass.
 * Safe with several replicas: sessions and photos are claimed with FOR UPDATE SKIP LOCKED, so each is expired by
 * exactly one of them. Each pass is bounded (200 of each); the next interval takes the rest.
 */
import type { Registry } from 'prom-client';
import type { Logger } from '@studio/logger';
import { counter } from '@studio/metrics';
import type { PhotoService } from '../services/photo.service.js';
import type { UploadSessionService } from '../services/upload-session.service.js';

export interface Janitor {
  /** One pass now (tests). */
  runOnce(): Promise<number>;
  stop(): Promise<void>;
}

export interface JanitorWork {
  sessions: Pick<UploadSessionService, 'expireIdleSessions'>;
  photos: Pick<PhotoService, 'expireAbandonedUploads' | 'sweepStaging'>;
  logger: Logger;
  /** The process registry: `upload_expired_photos_total` is registered on it. */
  registry: Registry;
}

/**
 * One janitor pass: what it expired (sessions, photos) and the staged objects it deleted, or throws when a step
 * failed (the next pass retries).
 */
export type JanitorPass = () => Promise<{ sessions: number; photos: number; staging: number }>;

/** Builds the pass once per process (the counter is registered once) for the loop and for tests. */
export function janitorPass({ sessions, photos, logger, registry }: JanitorWork): JanitorPass {
  const expiredPhotos = counter(registry, {
    name: 'upload_expired_photos_total',
    help: 'Pending single-shot photos the janitor failed because their upload URL expired without a finalize',
  });
  return async () => {
    // Both steps run even when one fails (a failing store call must not stall the other); then the error surfaces.
    const expired = photos.expireAbandonedUploads().then((n) => {
      if (n > 0) expiredPhotos.inc(n);
      return n;
    });
    // After the expiry step, which deletes the staged bytes of the photos it fails itself.
    const swept = expired.catch(() => undefined).then(() => photos.sweepStaging());
    const [s, p, st] = await Promise.allSettled([sessions.expireIdleSessions(), expired, swept]);
    if (s.status === 'fulfilled' && s.value > 0) logger.info({ expired: s.value }, 'janitor expired idle upload sessions');
    if (p.status === 'fulfilled' && p.value > 0)
      logger.info({ expired: p.value }, 'janitor failed pending photos whose upload URL expired');
    if (st.status === 'fulfilled' && st.value > 0) logger.info({ deleted: st.value }, 'janitor deleted staged objects of finalized photos');
    if (s.status === 'rejected') throw s.reason;
    if (p.status === 'rejected') throw p.reason;
    if (st.status === 'rejected') throw st.reason;
    return { sessions: s.value, photos: p.value, staging: st.value };
  };
}

/** Runs `pass` every `intervalMs` (never two at once); runOnce resolves to the number of things expired. */
export function startJanitor(pass: JanitorPass, logger: Logger, intervalMs: number): Janitor {
  let running: Promise<number> | null = null;
  let stopped = false;
  const runOnce = (): Promise<number> => {
    running ??= pass()
      .then((n) => n.sessions + n.photos)
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
