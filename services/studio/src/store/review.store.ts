/** Client reviews of the studio (pending -> approved). */
import type { Database, Tx } from './db.js';
import type { Review, ReviewStatus } from './generated/client.js';
import { lockRow } from './locking.js';

export type ReviewRow = Review;
export type ReviewStatusName = ReviewStatus;

export interface NewReview {
  workspaceId: string;
  clientId: string | null;
  shootId: string | null;
  rating: number;
  body: string;
  authorName: string | null;
}

export type ReviewChanges = Partial<Pick<ReviewRow, 'status' | 'approvedAt'>> & { updatedAt: Date };

export class ReviewStore {
  constructor(private readonly db: Database) {}

  create(data: NewReview, tx: Tx = this.db.client): Promise<ReviewRow> {
    return tx.review.create({ data: { ...data, status: 'pending' } });
  }

  async getForUpdate(tx: Tx, id: string, workspaceId: string): Promise<ReviewRow | null> {
    if (!(await lockRow(tx, 'reviews', id, workspaceId))) return null;
    return tx.review.findFirst({ where: { id, workspaceId } });
  }

  update(tx: Tx, id: string, changes: ReviewChanges): Promise<ReviewRow> {
    return tx.review.update({ where: { id }, data: changes });
  }
}
