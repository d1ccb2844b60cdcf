/**
 * Job durations of the upload worker: `upload_job_duration_seconds{job, outcome}` (job: derivative, cull;
 * outcome: what the job reached, or `error` when it threw and will be retried). Its _count is the jobs run.
 */
import type { MetricsRegistry } from '@studio/amqp/metrics';
import { histogram } from '@studio/metrics';

export type JobKind = 'derivative' | 'cull';

export interface JobMetrics {
  /** Runs `job`, recording its duration under the outcome it returns (or `error` when it throws). */
  time<T extends string>(kind: JobKind, job: () => Promise<T>): Promise<T>;
}

export function jobMetrics(registry?: MetricsRegistry): JobMetrics {
  const duration = registry
    ? histogram(registry, {
        name: 'upload_job_duration_seconds',
        help: 'Duration of upload worker jobs by kind and outcome',
        labelNames: ['job', 'outcome'] as const,
        buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
      })
    : null;
  return {
    async time(kind, job) {
      const end = duration?.startTimer({ job: kind });
      try {
        const outcome = await job();
        end?.({ outcome });
        return outcome;
      } catch (err) {
        end?.({ outcome: 'error' });
        throw err;
      }
    },
  };
}
