/** AI jobs (culling today). Transitions are conditional so a redelivered job message is harmless. */
import type { Database, Tx } from './db.js';
import type { AiJob, AiJobState, Prisma } from './generated/client.js';

export type { AiJobState };
export type JobRow = AiJob;

export interface NewJob {
  id: string;
  workspaceId: string;
  shootId: string;
  type: 'cull';
  params: Record<string, unknown>;
  progressTotal: number;
  createdBy: string;
}

export class JobStore {
  constructor(private readonly db: Database) {}

  async create(tx: Tx, j: NewJob): Promise<JobRow> {
    return tx.aiJob.create({ data: { ...j, params: j.params as Prisma.InputJsonObject } });
  }

  async getInWorkspaces(id: string, workspaceIds: string[]): Promise<JobRow | null> {
    if (workspaceIds.length === 0) return null;
    return this.db.client.aiJob.findFirst({ where: { id, workspaceId: { in: workspaceIds } } });
  }

  /** Internal read (worker). */
  async getById(id: string): Promise<JobRow | null> {
    return this.db.client.aiJob.findUnique({ where: { id } });
  }

  /**
   * queued (or running, after a crash mid-job) -> running, counting the attempt. Null when the job already
   * finished (a redelivered message) or does not exist.
   */
  async start(id: string, total: number, now: Date): Promise<JobRow | null> {
    const res = await this.db.client.aiJob.updateMany({
      where: { id, state: { in: ['queued', 'running'] } },
      data: { state: 'running', startedAt: now, progressDone: 0, progressTotal: total, attempts: { increment: 1 } },
    });
    if (res.count !== 1) return null;
    return this.db.client.aiJob.findUnique({ where: { id } });
  }

  async progress(id: string, done: number): Promise<void> {
    await this.db.client.aiJob.updateMany({ where: { id, state: 'running' }, data: { progressDone: done } });
  }

  /** running -> succeeded with the result (inside the caller's transaction). */
  async succeed(tx: Tx, id: string, result: Record<string, unknown>, total: number, now: Date): Promise<boolean> {
    const res = await tx.aiJob.updateMany({
      where: { id, state: 'running' },
      data: {
        state: 'succeeded',
        result: result as Prisma.InputJsonObject,
        progressDone: total,
        progressTotal: total,
        finishedAt: now,
        error: null,
      },
    });
    return res.count === 1;
  }

  /** queued|running -> failed (inside the caller's transaction). */
  async fail(tx: Tx, id: string, error: string, now: Date): Promise<boolean> {
    const res = await tx.aiJob.updateMany({
      where: { id, state: { in: ['queued', 'running'] } },
      data: { state: 'failed', error, finishedAt: now },
    });
    return res.count === 1;
  }
}
