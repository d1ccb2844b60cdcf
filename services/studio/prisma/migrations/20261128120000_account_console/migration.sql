-- The account console (issue 26, docs/decisions/0016-account-console.md): passwords (Argon2id PHC strings), console
-- sessions, one-time invitation and reset links, sign-in throttles, and API tokens that can be read-only, expire
-- and be rolled with an overlap. Expand only: new tables, nullable columns or columns with a constant default.
-- Release N-1 neither reads nor writes any of them.

-- AlterTable
ALTER TABLE "profiles" ADD COLUMN IF NOT EXISTS "password_changed_at" TIMESTAMPTZ(3),
ADD COLUMN IF NOT EXISTS "password_hash" TEXT;

-- AlterTable
ALTER TABLE "api_tokens" ADD COLUMN IF NOT EXISTS "expires_at" TIMESTAMPTZ(3),
ADD COLUMN IF NOT EXISTS "previous_hash" TEXT,
ADD COLUMN IF NOT EXISTS "previous_valid_until" TIMESTAMPTZ(3),
ADD COLUMN IF NOT EXISTS "read_only" BOOLEAN NOT NULL DEFAULT false;

-- CreateTable
CREATE TABLE IF NOT EXISTS "console_sessions" (
    "id" UUID NOT NULL,
    "profile_id" UUID NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "hash" TEXT NOT NULL,
    "csrf_token" TEXT NOT NULL,
    "client_address" TEXT,
    "user_agent" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "console_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE IF NOT EXISTS "one_time_links" (
    "id" UUID NOT NULL,
    "profile_id" UUID NOT NULL REFERENCES "profiles"("id") ON DELETE CASCADE ON UPDATE CASCADE,
    "kind" TEXT NOT NULL CHECK ("kind" IN ('invite', 'reset')),
    "hash" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "one_time_links_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE IF NOT EXISTS "sign_in_throttles" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "last_failure_at" TIMESTAMPTZ(3) NOT NULL,
    "blocked_until" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "sign_in_throttles_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "console_sessions_hash_key" ON "console_sessions"("hash");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "console_sessions_profile_id_idx" ON "console_sessions"("profile_id");
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "one_time_links_hash_key" ON "one_time_links"("hash");
CREATE INDEX CONCURRENTLY IF NOT EXISTS "one_time_links_profile_id_idx" ON "one_time_links"("profile_id");

-- api_tokens is a live table: its new unique index is built concurrently (the drop clears an INVALID leftover).
DROP INDEX CONCURRENTLY IF EXISTS "api_tokens_previous_hash_key";
CREATE UNIQUE INDEX CONCURRENTLY IF NOT EXISTS "api_tokens_previous_hash_key" ON "api_tokens"("previous_hash");
