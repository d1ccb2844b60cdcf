/**
 * Reviews: submitted by clients (pending, no event) and approved for display (review.approved). Inputs arrive parsed
 * with the operation schemas of review.schema.ts.
 */
import { AppError } from '@studio/errors';
import { reviewApproved } from '../events/billing.events.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { REVIEW_LIFECYCLE, assertTransition } from './lifecycles.js';
import type { CreateReviewInput } from './review.schema.js';
import { serializeReview, type ReviewJson } from '@studio/contracts/records';
import { nextVersion, requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export class ReviewService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  async create(input: CreateReviewInput): Promise<ReviewJson> {
    const { workspaceId } = input;
    const clientId = input.clientId ?? null;
    const shootId = input.shootId ?? null;
    const data = { workspaceId, clientId, shootId, rating: input.rating, body: input.body, authorName: input.authorName ?? null };
    await requireWorkspaceExists(this.deps, workspaceId);
    const created = await this.deps.db.transaction(async (tx) => {
      await requireClientOf(this.deps, clientId, workspaceId, tx);
      if (shootId && !(await this.deps.stores.shoots.getByIdInWorkspaces(shootId, [workspaceId], tx))) {
        throw new AppError('invalid_input', 'shoot_id is not a shoot of this workspace');
      }
      return this.deps.stores.reviews.create(data, tx);
    });
    return serializeReview(created);
  }

  /** pending -> approved. */
  async approve(workspaceId: string, reviewId: string): Promise<ReviewJson> {
    const review = await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.reviews.getForUpdate(tx, reviewId, workspaceId);
      if (!current) throw new AppError('not_found');
      assertTransition(REVIEW_LIFECYCLE, 'review', current.status, 'approved');
      const now = this.now();
      const updated = await this.deps.stores.reviews.update(tx, reviewId, {
        status: 'approved',
        approvedAt: now,
        updatedAt: nextVersion(current.updatedAt, now),
      });
      return { value: updated, events: [reviewApproved(updated)] };
    });
    return serializeReview(review);
  }
}
