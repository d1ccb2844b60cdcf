/**
 * The derivative job of one photo (run by the worker): download the original, make the web JPEG, the WebP
 * thumbnail, the metadata (size, EXIF capture time) and the cull features from one decode, upload both
 * derivatives, mark the photo ready. A file that is not a decodable image marks the photo failed with a
 * reason people can read. Idempotent: a photo that is not processing is skipped; derivative keys are fixed per
 * photo, so a job repeated after a crash overwrites the same objects.
 *
 * CPU beyond sharp's own (issue 15: at most 1.15x; bench/upload.bench.ts measures it): the original is read from
 * the socket straight into a buffer reused from job to job (storage.getInto), the derivatives are PUT without the
 * SDK's HTTP stack, the photo is read and marked ready with two prepared statements instead of Prisma queries, and
 * the worker process lets its heap grow further between major GCs (worker.ts).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { AppError } from '@studio/errors';
import type { Logger } from '@studio/logger';
import { ImageDecodeError, computeFeatures, makeDerivatives } from '../imaging/index.js';
import { BufferPool } from './buffer-pool.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { objectKeys } from './storage.service.js';

/** Originals up to this size are processed in memory; larger ones go through a temporary file. */
const IN_MEMORY_LIMIT = 256 * 1024 * 1024;
/** Buffers for originals up to this size are kept for the next job (a 24-61 MP JPEG is 8-30 MiB). */
const REUSED_BUFFER_LIMIT = 64 * 1024 * 1024;

export type DerivativeOutcome = 'ready' | 'failed' | 'skipped';

export class DerivativeService {
  private readonly now: () => Date;
  /** The originals' buffers, one per job in flight, reused from job to job. */
  private readonly originals: BufferPool;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly logger: Logger,
  ) {
    this.now = deps.now ?? systemClock;
    this.originals = new BufferPool({ keep: Math.max(1, deps.config.worker.derivativePrefetch), maxBytes: REUSED_BUFFER_LIMIT });
  }

  async process(photoId: string): Promise<DerivativeOutcome> {
    const { stores, storage } = this.deps;
    const photo = await stores.photos.getDerivativeSource(photoId);
    if (photo?.state !== 'processing') return 'skipped';

    let tmp: string | null = null;
    /** The pool's buffer the original was read into, handed back once sharp is done with it. */
    let lent: Buffer | null = null;
    const t0 = performance.now();
    const timings: Record<string, number> = {};
    const lap = (name: string, since: number) => (timings[name] = Math.round(performance.now() - since));
    try {
      let input: Buffer | string;
      try {
        if (photo.sizeBytes <= IN_MEMORY_LIMIT) {
          input = await storage.getInto(photo.originalKey, (size) => (lent = this.originals.take(size)), photo.sizeBytes);
        } else {
          tmp = path.join(os.tmpdir(), `upload-${photo.id}-${randomUUID()}`);
          await storage.downloadTo(photo.originalKey, tmp);
          input = tmp;
        }
      } catch (err) {
        if (err instanceof AppError && err.kind === 'not_found') return this.fail(photo.id, 'The original file is missing from storage.');
        throw err;
      }

      lap('download_ms', t0);
      const t1 = performance.now();
      let d;
      try {
        d = await makeDerivatives(input);
      } catch (err) {
        if (err instanceof ImageDecodeError) return this.fail(photo.id, err.reason);
        throw err;
      } finally {
        // sharp holds the input only while its pipelines run: all of them have settled here.
        if (lent) this.originals.give(lent);
        lent = null;
      }
      lap('derive_ms', t1);
      const t2 = performance.now();
      const webKey = objectKeys.web(photo.workspaceId, photo.id);
      const thumbKey = objectKeys.thumb(photo.workspaceId, photo.id);
      await Promise.all([storage.put(webKey, d.web.data, d.web.contentType), storage.put(thumbKey, d.thumb.data, d.thumb.contentType)]);
      lap('upload_ms', t2);
      const t3 = performance.now();
      const features = d.proxy ? (computeFeatures(d.proxy) as unknown as Record<string, unknown>) : null;
      lap('features_ms', t3);
      const moved = await stores.photos.markReady(
        photo.id,
        { webKey, thumbKey, width: d.metadata.width, height: d.metadata.height, captureTime: d.metadata.captureTime, features },
        this.now(),
      );
      this.logger.debug({ photo_id: photo.id, ...timings, total_ms: Math.round(performance.now() - t0) }, 'derivatives made');
      return moved ? 'ready' : 'skipped';
    } finally {
      if (tmp) await rm(tmp, { force: true });
    }
  }

  /** processing -> failed with `reason` (also used when the job's message was dead-lettered). */
  async fail(photoId: string, reason: string): Promise<DerivativeOutcome> {
    const moved = await this.deps.stores.photos.markFailed(photoId, reason, this.now());
    if (moved) this.logger.info({ photo_id: photoId, reason }, 'photo failed');
    return moved ? 'failed' : 'skipped';
  }
}
