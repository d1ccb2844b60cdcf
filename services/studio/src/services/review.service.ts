/**
 * Reviews: submitted by clients (pending, no event) and approved for display (review.approved). Inputs arrive parsed
 * with the operation schemas of review.schema.ts.
 */
import { AppError } from '@studio/errors';
import { reviewApproved } from '../events/billing.events.js';
import { REVIEW_LIFECYCLE } from './lifecycles.js';
import { moveRecord, RecordService } from './record-service.js';
import type { CreateReviewInput } from './review.schema.js';
import { serializeReview, type ReviewJson } from '@studio/contracts/records';
import { requireClientOf, requireWorkspaceExists } from './unit-of-work.js';

export class ReviewService extends RecordService {
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
    const record = { store: this.deps.stores.reviews, lifecycle: REVIEW_LIFECYCLE, entity: 'review' };
    const review = await moveRecord(this.deps, record, workspaceId, reviewId, {
      to: 'approved',
      changes: (next, _current, now) => ({ ...next, approvedAt: now }),
      events: (updated) => [reviewApproved(updated)],
    });
    return serializeReview(review);
  }
}
