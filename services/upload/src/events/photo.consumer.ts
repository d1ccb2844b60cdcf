/**
 * Competing consumer of upload.derivatives: one message per photo.uploaded event. Acked only once the photo is
 * ready or failed (or was already past processing: a redelivery). A transient failure (store or database
 * down) is retried; a message dead-lettered after repeated failures marks the photo failed.
 */
import type { Logger } from '@studio/logger';
import type { AmqpConnection } from '@studio/amqp';
import type { ConsumerObserver } from '@studio/amqp/metrics';
import type { PhotoUploadedData } from './domain-events.js';
import { jobMetrics, type JobMetrics } from './job-metrics.js';
import type { DerivativeService } from '../services/derivative.service.js';
import { startWorkConsumer, type WorkConsumer, type WorkTopology } from './work-queues.js';

export interface PhotoConsumerOptions {
  amqp: AmqpConnection;
  topology: WorkTopology;
  derivatives: DerivativeService;
  logger: Logger;
  prefetch: number;
  retryDelayMs?: number;
  observer?: ConsumerObserver;
  jobs?: JobMetrics;
}

export function startPhotoConsumers(opts: PhotoConsumerOptions): WorkConsumer[] {
  const { amqp, derivatives, logger, observer } = opts;
  const jobs = opts.jobs ?? jobMetrics();
  const work = startWorkConsumer<PhotoUploadedData>({
    amqp,
    topology: opts.topology,
    queue: opts.topology.derivatives.queue,
    prefetch: opts.prefetch,
    logger,
    retryDelayMs: opts.retryDelayMs,
    observer,
    handle: async ({ envelope }) => {
      const started = Date.now();
      const outcome = await jobs.time('derivative', () => derivatives.process(envelope.data.photo_id));
      logger.info({ photo_id: envelope.data.photo_id, outcome, ms: Date.now() - started }, 'derivative job');
      return 'ack';
    },
  });
  const dead = startWorkConsumer<PhotoUploadedData>({
    amqp,
    topology: opts.topology,
    queue: opts.topology.derivatives.deadQueue,
    prefetch: 10,
    logger,
    observer,
    handle: async ({ envelope }) => {
      await derivatives.fail(envelope.data.photo_id, 'Processing failed repeatedly; upload the photo again.');
      return 'ack';
    },
  });
  return [work, dead];
}
