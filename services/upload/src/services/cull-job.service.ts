/**
 * AI cull jobs. POST /ai/cull-jobs records a queued job and its ai_job.queued event in one transaction (the
 * event is the work item of the worker's ai-jobs queue). The worker runs `run()`: it collects the features of
 * the shoot's ready photos (computed once when each photo was processed), runs the imaging module's
 * deterministic cull, and in one transaction stores the result, sets the keeper flags and emits ai_job.done and
 * ai.cull.completed. Same photos and sensitivity, same result.
 */
import { randomUUID } from 'node:crypto';
import { AppError } from '@studio/errors';
import { requireWorkspace } from '@studio/identity/access';
import { workspaceIdsOf, type TokenPrincipal } from '@studio/identity';
import type { CullDecisionJson, CullJobResultJson } from '@studio/contracts/records';
import type { Logger } from '@studio/logger';
import { aiCullCompleted, aiJobDone, aiJobQueued } from '../events/domain-events.js';
import { computeFeatures, cull, makeCullProxy, type CullFeatures, type CullInput, type Sensitivity } from '../imaging/index.js';
import type { JobRow } from '../store/job.store.js';
import type { PhotoRow } from '../store/photo.store.js';
import type { ServiceDeps } from './deps.js';
import { systemClock } from './deps.js';
import { serializeJob } from './serializers.js';

/** What `run` decided about the message that carried the job. */
export type RunOutcome = 'done' | 'skipped';

export class CullJobService {
  private readonly now: () => Date;

  constructor(
    private readonly deps: ServiceDeps,
    private readonly logger: Logger,
  ) {
    this.now = deps.now ?? systemClock;
  }

  async create(principal: TokenPrincipal, shootId: string, sensitivity: Sensitivity) {
    const { shoots, stores, db, events } = this.deps;
    const shoot = await shoots.getShoot(shootId, workspaceIdsOf(principal));
    requireWorkspace(principal, shoot.workspaceId, 'photographer');
    const total = await stores.photos.countReady(shoot.id, shoot.workspaceId);
    if (total === 0) throw new AppError('invalid_input', 'the shoot has no ready photos to cull');
    const job = await db.transaction(async (tx) => {
      const row = await stores.jobs.create(tx, {
        id: randomUUID(),
        workspaceId: shoot.workspaceId,
        shootId: shoot.id,
        type: 'cull',
        params: { sensitivity },
        progressTotal: total,
        createdBy: principal.profileId,
      });
      await stores.outbox.append(tx, aiJobQueued(row));
      return row;
    });
    events.nudge();
    return { job: serializeJob(job) };
  }

  async get(principal: TokenPrincipal, id: string) {
    const job = await this.deps.stores.jobs.getInWorkspaces(id, workspaceIdsOf(principal));
    if (!job) throw new AppError('not_found');
    return { job: serializeJob(job) };
  }

  /** Features of a photo: stored ones, or computed from its web derivative (photos processed before features). */
  private async featuresOf(photo: PhotoRow): Promise<CullFeatures | null> {
    if (photo.features && typeof photo.features === 'object') return photo.features as CullFeatures;
    const key = photo.webKey ?? photo.originalKey;
    try {
      const features = computeFeatures(await makeCullProxy(await this.deps.storage.getBuffer(key)));
      await this.deps.stores.photos.setFeatures(photo.id, features as unknown as Record<string, unknown>);
      return features;
    } catch (err) {
      if (err instanceof AppError && err.kind === 'not_found') return null;
      if ((err as Error).name === 'ImageDecodeError') return null;
      throw err;
    }
  }

  /** Runs one job (worker). Idempotent: a finished job is skipped; a job interrupted mid-run starts over. */
  async run(jobId: string): Promise<RunOutcome> {
    const { stores, db, events } = this.deps;
    const existing = await stores.jobs.getById(jobId);
    if (!existing || existing.state === 'succeeded' || existing.state === 'failed') return 'skipped';
    const photos = await stores.photos.listReady(existing.shootId, existing.workspaceId);
    const job = await stores.jobs.start(jobId, photos.length, this.now());
    if (!job) return 'skipped';
    const sensitivity = ((job.params as { sensitivity?: Sensitivity }).sensitivity ?? 'medium') as Sensitivity;

    const inputs: CullInput[] = [];
    let lastReport = Date.now();
    for (let i = 0; i < photos.length; i++) {
      const p = photos[i]!;
      const features = await this.featuresOf(p);
      if (features) inputs.push({ id: p.id, captureTime: p.captureTime, features });
      if (Date.now() - lastReport > 500 || i === photos.length - 1) {
        await stores.jobs.progress(job.id, i + 1);
        lastReport = Date.now();
      }
    }

    const result = cull(inputs, sensitivity);
    const decisions: CullDecisionJson[] = result.photos.map((d) => ({
      photo_id: d.id,
      decision: d.decision,
      reason: d.reason,
      scores: d.scores,
      duplicate_group: d.duplicate_group,
      best_in_group: d.best_in_group,
      explanation: d.explanation,
    }));
    const { counts } = result;
    const stored: CullJobResultJson = { sensitivity, counts, thresholds: result.thresholds, photos: decisions };
    const finished = await db.transaction(
      async (tx) => {
        if (!(await stores.jobs.succeed(tx, job.id, stored, photos.length, this.now()))) return false;
        await stores.photos.applyCull(
          tx,
          job.workspaceId,
          decisions.map((d) => ({
            photoId: d.photo_id,
            keeper: d.decision === 'keeper',
            cull: { job_id: job.id, decision: d.decision, reason: d.reason, scores: d.scores, duplicate_group: d.duplicate_group },
          })),
        );
        await stores.outbox.append(tx, aiJobDone(job, 'succeeded', counts, null));
        await stores.outbox.append(tx, aiCullCompleted(job, sensitivity, counts));
        return true;
      },
      { timeout: 60_000 },
    );
    if (finished) {
      events.nudge();
      this.logger.info({ job_id: job.id, counts }, 'cull job succeeded');
    }
    return 'done';
  }

  /** Marks a job failed for good (its message was dead-lettered after repeated failures). */
  async fail(jobId: string, error: string): Promise<boolean> {
    const { stores, db, events } = this.deps;
    const job: JobRow | null = await stores.jobs.getById(jobId);
    if (!job) return false;
    const failed = await db.transaction(async (tx) => {
      if (!(await stores.jobs.fail(tx, job.id, error, this.now()))) return false;
      await stores.outbox.append(tx, aiJobDone(job, 'failed', null, error));
      return true;
    });
    if (failed) events.nudge();
    return failed;
  }
}
