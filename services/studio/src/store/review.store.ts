/** Client reviews of the studio (pending -> approved). */
import type { Database, Tx } from './db.js';
import type { Review, ReviewStatus } from './generated/client.js';
import { WorkspaceRecordStore } from './record-store.js';

export type ReviewRow = Review;
export type ReviewStatusName = ReviewStatus;

/** What a new review is created with, typed as its row. */
export type NewReview = Pick<ReviewRow, 'workspaceId' | 'clientId' | 'shootId' | 'rating' | 'body' | 'authorName'>;

export type ReviewChanges = Partial<Pick<ReviewRow, 'status' | 'approvedAt'>> & { updatedAt: Date };

/** A new review is pending; getForUpdate/update serve approval. */
export class ReviewStore extends WorkspaceRecordStore<ReviewRow, NewReview, { status: 'pending' }, ReviewChanges> {
  constructor(db: Database) {
    super(db, 'reviews', (tx: Tx) => tx.review, { status: 'pending' });
  }
}
