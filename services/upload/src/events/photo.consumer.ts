/**
 * Competing consumer of upload.derivatives: one message per photo.uploaded event. Acked only once the photo is
 * ready or failed (or was already past processing: a redelivery). A transient failure (store or database
 * down) is retried; a message dead-lettered after repeated failures marks the photo failed.
 */
import type { ConsumerDefinition } from '@studio/amqp/consumer';
import type { DerivativeService } from '../services/derivative.service.js';
import { workConsumers, type WorkerContext } from './work.consumer.js';

export interface PhotoConsumerOptions extends WorkerContext {
  derivatives: DerivativeService;
  prefetch: number;
}

/** The derivative consumer and the consumer of its dead letters. */
export function photoConsumers({ topology, jobs, derivatives, ...worker }: PhotoConsumerOptions): ConsumerDefinition[] {
  return workConsumers({
    ...worker,
    name: 'derivatives',
    queue: topology.derivatives,
    reads: ['photo_id'],
    run: async (event) => {
      const started = Date.now();
      const outcome = await jobs.time('derivative', () => derivatives.process(event.data.photo_id));
      worker.logger.info({ photo_id: event.data.photo_id, outcome, ms: Date.now() - started }, 'derivative job');
    },
    failed: (event) => derivatives.fail(event.data.photo_id, 'Processing failed repeatedly; upload the photo again.'),
  });
}
