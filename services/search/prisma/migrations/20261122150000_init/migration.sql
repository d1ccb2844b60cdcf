
-- CreateEnum
CREATE TYPE "doc_type" AS ENUM ('client', 'lead', 'shoot', 'gallery', 'album', 'order');

-- CreateTable
CREATE TABLE "search_documents" (
    "workspace_id" UUID NOT NULL,
    "doc_type" "doc_type" NOT NULL,
    "doc_id" UUID NOT NULL,
    "title" TEXT NOT NULL DEFAULT '',
    "fields" JSONB NOT NULL DEFAULT '[]',
    "tsv_p" tsvector NOT NULL DEFAULT ''::tsvector,
    "tsv_s" tsvector NOT NULL DEFAULT ''::tsvector,
    "version" TIMESTAMPTZ(3) NOT NULL,
    "sort_key" BIGINT NOT NULL,
    "deleted_at" TIMESTAMPTZ(3),
    "rebuild_id" UUID,
    "indexed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_documents_pkey" PRIMARY KEY ("workspace_id","doc_type","doc_id")
);

-- CreateTable
CREATE TABLE "search_words" (
    "workspace_id" UUID NOT NULL,
    "word" TEXT NOT NULL,
    "ndoc_p" INTEGER NOT NULL DEFAULT 0,
    "ndoc_s" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "search_words_pkey" PRIMARY KEY ("workspace_id","word")
);

-- CreateTable
CREATE TABLE "search_processed_events" (
    "event_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "processed_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "search_processed_events_pkey" PRIMARY KEY ("event_id")
);

-- CreateTable
CREATE TABLE "search_rebuilds" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "types" "doc_type"[],
    "started_at" TIMESTAMPTZ(3) NOT NULL,
    "finished_at" TIMESTAMPTZ(3),
    "status" TEXT NOT NULL,
    "upserted" INTEGER NOT NULL DEFAULT 0,
    "removed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,

    CONSTRAINT "search_rebuilds_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "search_processed_events_processed_at_idx" ON "search_processed_events"("processed_at");

-- CreateIndex
CREATE INDEX "search_rebuilds_workspace_id_started_at_idx" ON "search_rebuilds"("workspace_id", "started_at" DESC);

-- ---------------------------------------------------------------------------------------------------
-- Raw SQL below: what the Prisma schema cannot express. See docs/decisions/0006-search.md.
-- (No semicolons inside comments: the migration runner splits statements on them.)
-- ---------------------------------------------------------------------------------------------------

-- Trigram matching for the typo dictionary, and btree_gin so a GIN index can lead with workspace_id.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS btree_gin;

-- Dictionary words compare byte-wise so a prefix is a contiguous range of the primary key.
ALTER TABLE "search_words" ALTER COLUMN "word" SET DATA TYPE TEXT COLLATE "C";

-- Full-text matching, always scoped to one workspace. fastupdate off: no pending list, so search latency
-- does not depend on when the list was last merged.
CREATE INDEX "search_documents_primary_idx" ON "search_documents"
  USING gin ("workspace_id", "tsv_p") WITH (fastupdate = off);
CREATE INDEX "search_documents_secondary_idx" ON "search_documents"
  USING gin ("workspace_id", "tsv_s") WITH (fastupdate = off);

-- Keyset walk in tier order (most recent first) for terms too common to sort every match. Tombstones excluded.
CREATE INDEX "search_documents_recent_idx" ON "search_documents"
  ("workspace_id", "sort_key" DESC, "doc_id" DESC, "doc_type" DESC) WHERE "deleted_at" IS NULL;
CREATE INDEX "search_documents_recent_by_type_idx" ON "search_documents"
  ("workspace_id", "doc_type", "sort_key" DESC, "doc_id" DESC) WHERE "deleted_at" IS NULL;

-- Typo correction: trigram similarity within one workspace's dictionary.
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("workspace_id", "word" gin_trgm_ops);
