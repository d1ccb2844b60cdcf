/**
 * Competing consumer of upload.ai-jobs: one message per queued AI job (ai_job.queued). Acked once the job
 * succeeded or was already finished; retried on transient failures; a dead-lettered job is marked failed.
 */
import type { AmqpConnection } from '@studio/amqp';
import type { Logger } from '@studio/logger';
import type { CullJobService } from '../services/cull-job.service.js';
import { startWorkConsumer, type WorkConsumer, type WorkTopology } from './work-queues.js';

interface JobQueuedData {
  job_id: string;
  type: string;
}

export function startCullConsumers(opts: { amqp: AmqpConnection; topology: WorkTopology; cullJobs: CullJobService; logger: Logger; retryDelayMs?: number }): WorkConsumer[] {
  const { amqp, cullJobs, logger } = opts;
  const work = startWorkConsumer<JobQueuedData>({
    amqp,
    topology: opts.topology,
    queue: opts.topology.aiJobs.queue,
    prefetch: 1,
    logger,
    retryDelayMs: opts.retryDelayMs,
    handle: async ({ envelope }) => {
      if (envelope.data.type !== 'cull') {
        logger.error({ job_id: envelope.data.job_id, type: envelope.data.type }, 'unknown AI job type');
        await cullJobs.fail(envelope.data.job_id, `unknown job type ${envelope.data.type}`);
        return 'ack';
      }
      await cullJobs.run(envelope.data.job_id);
      return 'ack';
    },
  });
  const dead = startWorkConsumer<JobQueuedData>({
    amqp,
    topology: opts.topology,
    queue: opts.topology.aiJobs.deadQueue,
    prefetch: 10,
    logger,
    handle: async ({ envelope }) => {
      await cullJobs.fail(envelope.data.job_id, 'the job failed repeatedly');
      return 'ack';
    },
  });
  return [work, dead];
}
