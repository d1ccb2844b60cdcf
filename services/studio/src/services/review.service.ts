/** Reviews: submitted by clients (pending, no event) and approved for display (review.approved). */
import { AppError } from '@studio/errors';
import { reviewApproved } from '../events/billing.events.js';
import { systemClock, type ServiceDeps } from './deps.js';
import { REVIEW_LIFECYCLE, assertTransition } from './lifecycles.js';
import { optionalId, optionalText, requireId, requireText } from './input.js';
import { serializeReview, type ReviewJson } from './serializers.js';
import { nextVersion, requireClientOf, requireWorkspaceExists, writeWithEvents } from './unit-of-work.js';

export interface CreateReviewInput {
  workspaceId: string;
  clientId?: string | null;
  shootId?: string | null;
  rating: number;
  body: string;
  authorName?: string | null;
}

export class ReviewService {
  private readonly now: () => Date;
  constructor(private readonly deps: ServiceDeps) {
    this.now = deps.now ?? systemClock;
  }

  async create(input: CreateReviewInput): Promise<ReviewJson> {
    const workspaceId = requireId('workspace_id', input.workspaceId);
    const clientId = optionalId('client_id', input.clientId);
    const shootId = optionalId('shoot_id', input.shootId);
    if (!Number.isInteger(input.rating) || input.rating < 1 || input.rating > 5) throw new AppError('invalid_input', 'rating must be an integer from 1 to 5');
    const data = {
      workspaceId,
      clientId,
      shootId,
      rating: input.rating,
      body: requireText('body', input.body, 10_000),
      authorName: optionalText('author_name', input.authorName, 200),
    };
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
  async approve(workspaceIdRaw: string, reviewIdRaw: string): Promise<ReviewJson> {
    const workspaceId = requireId('workspace_id', workspaceIdRaw);
    const reviewId = requireId('review_id', reviewIdRaw);
    const review = await writeWithEvents(this.deps, async (tx) => {
      const current = await this.deps.stores.reviews.getForUpdate(tx, reviewId, workspaceId);
      if (!current) throw new AppError('not_found');
      assertTransition(REVIEW_LIFECYCLE, 'review', current.status, 'approved');
      const now = this.now();
      const updated = await this.deps.stores.reviews.update(tx, reviewId, { status: 'approved', approvedAt: now, updatedAt: nextVersion(current.updatedAt, now) });
      return { value: updated, events: [reviewApproved(updated)] };
    });
    return serializeReview(review);
  }
}
