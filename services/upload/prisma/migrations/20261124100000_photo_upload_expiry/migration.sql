-- Pending single-shot photos whose upload URL expired are failed by the janitor (issue 14, bounded uploads).
-- failure_code: a stable code for programs next to the sentence in failure_reason (upload_expired).
-- upload_expires_at: when the last PUT URL handed out for a pending photo stops working. Rows written by the
-- previous release have none: the janitor falls back to created_at plus the URL lifetime for them.
-- AlterTable
ALTER TABLE "photos" ADD COLUMN IF NOT EXISTS "failure_code" TEXT,
ADD COLUMN IF NOT EXISTS "upload_expires_at" TIMESTAMPTZ(3);

-- Only pending photos are indexed (few at any time), so the janitor's scan stays small on a large table.
-- Not expressible in schema.prisma (partial index).
DROP INDEX CONCURRENTLY IF EXISTS "photos_pending_upload_expiry_idx";
CREATE INDEX CONCURRENTLY IF NOT EXISTS "photos_pending_upload_expiry_idx" ON "photos" ("upload_expires_at", "created_at") WHERE "state" = 'pending';
