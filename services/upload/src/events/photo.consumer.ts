/**
 * Competing consumer of upload.derivatives: one message per photo.uploaded event. Acked only once the photo is
 * ready or failed (or was already past processing: a redelivery). A transient failure (store or database
 * down) is retried; a message dead-lettered after repeated failures marks the photo failed.
 */
import type { ConsumerDefinition } from '@studio/amqp/consumer';
import type { Logger } from '@studio/logger';
import { jobMetrics, type JobMetrics } from './job-metrics.js';
import type { DerivativeService } from '../services/derivative.service.js';
import { workConsumers } from './work.consumer.js';
import type { WorkTopology } from './work-queues.js';

export interface PhotoConsumerOptions {
  topology: WorkTopology;
  derivatives: DerivativeService;
  logger: Logger;
  prefetch: number;
  retryDelayMs?: number;
  jobs?: JobMetrics;
}

/** The derivative consumer and the consumer of its dead letters. */
export function photoConsumers(options: PhotoConsumerOptions): ConsumerDefinition[] {
  const { topology, derivatives, logger } = options;
  const jobs = options.jobs ?? jobMetrics();
  return workConsumers({
    name: 'derivatives',
    queue: topology.derivatives,
    reads: ['photo_id'],
    prefetch: options.prefetch,
    logger,
    retryDelayMs: options.retryDelayMs,
    run: async (event) => {
      const started = Date.now();
      const outcome = await jobs.time('derivative', () => derivatives.process(event.data.photo_id));
      logger.info({ photo_id: event.data.photo_id, outcome, ms: Date.now() - started }, 'derivative job');
    },
    failed: (event) => derivatives.fail(event.data.photo_id, 'Processing failed repeatedly; upload the photo again.'),
  });
}
