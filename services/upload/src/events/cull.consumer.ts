/**
 * Competing consumer of upload.ai-jobs: one message per queued AI job (ai_job.queued). Acked once the job
 * succeeded or was already finished; retried on transient failures; a dead-lettered job is marked failed.
 */
import type { ConsumerDefinition } from '@studio/amqp/consumer';
import type { Logger } from '@studio/logger';
import { jobMetrics, type JobMetrics } from './job-metrics.js';
import type { CullJobService } from '../services/cull-job.service.js';
import { workConsumer } from './work.consumer.js';
import type { WorkTopology } from './work-queues.js';

export interface CullConsumerOptions {
  topology: WorkTopology;
  cullJobs: CullJobService;
  logger: Logger;
  retryDelayMs?: number;
  jobs?: JobMetrics;
}

/** The AI-job consumer (one job at a time) and the consumer of its dead letters. */
export function cullConsumers(options: CullConsumerOptions): ConsumerDefinition[] {
  const { topology, cullJobs, logger } = options;
  const jobs = options.jobs ?? jobMetrics();
  const work = workConsumer({
    name: 'ai-jobs',
    topology: topology.aiJobs,
    reads: ['job_id', 'type'],
    prefetch: 1,
    logger,
    retryDelayMs: options.retryDelayMs,
    handle: async (envelope) => {
      if (envelope.data.type !== 'cull') {
        logger.error({ job_id: envelope.data.job_id, type: envelope.data.type }, 'unknown AI job type');
        await cullJobs.fail(envelope.data.job_id, `unknown job type ${envelope.data.type}`);
        return 'ack';
      }
      await jobs.time('cull', () => cullJobs.run(envelope.data.job_id));
      return 'ack';
    },
  });
  const dead = workConsumer({
    name: 'ai-jobs-dead-letters',
    topology: topology.aiJobs,
    consumes: 'dead_letters',
    reads: ['job_id'],
    prefetch: 10,
    logger,
    handle: async (envelope) => {
      await cullJobs.fail(envelope.data.job_id, 'the job failed repeatedly');
      return 'ack';
    },
  });
  return [work, dead];
}
