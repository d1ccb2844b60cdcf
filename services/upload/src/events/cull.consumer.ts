/**
 * Competing consumer of upload.ai-jobs: one message per queued AI job (ai_job.queued). Acked once the job
 * succeeded or was already finished; retried on transient failures; a dead-lettered job is marked failed.
 */
import type { AmqpConnection } from '@studio/amqp';
import type { ConsumerObserver } from '@studio/amqp/metrics';
import type { Logger } from '@studio/logger';
import { jobMetrics, type JobMetrics } from './job-metrics.js';
import type { CullJobService } from '../services/cull-job.service.js';
import { startWorkConsumer, type WorkConsumer, type WorkTopology } from './work-queues.js';

interface JobQueuedData {
  job_id: string;
  type: string;
}

export interface CullConsumerOptions {
  amqp: AmqpConnection;
  topology: WorkTopology;
  cullJobs: CullJobService;
  logger: Logger;
  retryDelayMs?: number;
  observer?: ConsumerObserver;
  jobs?: JobMetrics;
}

export function startCullConsumers(opts: CullConsumerOptions): WorkConsumer[] {
  const { amqp, cullJobs, logger, observer } = opts;
  const jobs = opts.jobs ?? jobMetrics();
  const work = startWorkConsumer<JobQueuedData>({
    amqp,
    topology: opts.topology,
    queue: opts.topology.aiJobs.queue,
    prefetch: 1,
    logger,
    retryDelayMs: opts.retryDelayMs,
    observer,
    handle: async ({ envelope }) => {
      if (envelope.data.type !== 'cull') {
        logger.error({ job_id: envelope.data.job_id, type: envelope.data.type }, 'unknown AI job type');
        await cullJobs.fail(envelope.data.job_id, `unknown job type ${envelope.data.type}`);
        return 'ack';
      }
      await jobs.time('cull', () => cullJobs.run(envelope.data.job_id));
      return 'ack';
    },
  });
  const dead = startWorkConsumer<JobQueuedData>({
    amqp,
    topology: opts.topology,
    queue: opts.topology.aiJobs.deadQueue,
    prefetch: 10,
    logger,
    observer,
    handle: async ({ envelope }) => {
      await cullJobs.fail(envelope.data.job_id, 'the job failed repeatedly');
      return 'ack';
    },
  });
  return [work, dead];
}
