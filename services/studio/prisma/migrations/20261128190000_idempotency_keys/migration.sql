-- Durable Idempotency-Key records (issue 28, docs/decisions/0022-durable-idempotency.md): the key, fingerprint and
-- answer of a keyed request, written in the transaction of its change, so that losing the gateway's Redis never runs
-- a keyed request twice. Expand only: a new table that release N-1 neither reads nor writes.

-- CreateTable
CREATE TABLE IF NOT EXISTS "idempotency_keys" (
    "token_id" TEXT NOT NULL,
    "key_hash" TEXT NOT NULL,
    "fingerprint" TEXT NOT NULL,
    "status" INTEGER,
    "content_type" TEXT,
    "body" BYTEA,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "idempotency_keys_pkey" PRIMARY KEY ("token_id", "key_hash")
);

-- CreateIndex
CREATE INDEX CONCURRENTLY IF NOT EXISTS "idempotency_keys_created_at_idx" ON "idempotency_keys"("created_at");
