/**
 * Competing consumer of upload.ai-jobs: one message per queued AI job (ai_job.queued). Acked once the job
 * succeeded or was already finished; retried on transient failures; a dead-lettered job is marked failed.
 */
import type { ConsumerDefinition } from '@studio/amqp/consumer';
import type { CullJobService } from '../services/cull-job.service.js';
import { workConsumers, type WorkerContext } from './work.consumer.js';

export interface CullConsumerOptions extends WorkerContext {
  cullJobs: CullJobService;
}

/** The AI-job consumer (one job at a time) and the consumer of its dead letters. */
export function cullConsumers({ topology, jobs, cullJobs, ...worker }: CullConsumerOptions): ConsumerDefinition[] {
  return workConsumers({
    ...worker,
    name: 'ai-jobs',
    queue: topology.aiJobs,
    reads: ['job_id', 'type'],
    prefetch: 1,
    run: async ({ data }) => {
      if (data.type !== 'cull') {
        worker.logger.error({ job_id: data.job_id, type: data.type }, 'unknown AI job type');
        await cullJobs.fail(data.job_id, `unknown job type ${data.type}`);
        return;
      }
      await jobs.time('cull', () => cullJobs.run(data.job_id));
    },
    failed: ({ data }) => cullJobs.fail(data.job_id, 'the job failed repeatedly'),
  });
}
