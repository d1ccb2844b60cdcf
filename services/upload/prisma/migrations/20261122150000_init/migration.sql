-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "photo_state" AS ENUM ('pending', 'processing', 'ready', 'failed');

-- CreateEnum
CREATE TYPE "upload_session_state" AS ENUM ('in_flight', 'paused', 'finalized', 'expired');

-- CreateEnum
CREATE TYPE "upload_file_state" AS ENUM ('uploading', 'completed', 'aborted');

-- CreateEnum
CREATE TYPE "ai_job_state" AS ENUM ('queued', 'running', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "photos" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "shoot_id" UUID NOT NULL,
    "upload_file_id" UUID,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "sha256" TEXT,
    "original_key" TEXT NOT NULL,
    "web_key" TEXT,
    "thumb_key" TEXT,
    "width" INTEGER,
    "height" INTEGER,
    "capture_time" TIMESTAMPTZ(3),
    "state" "photo_state" NOT NULL DEFAULT 'pending',
    "failure_reason" TEXT,
    "features" JSONB,
    "keeper" BOOLEAN NOT NULL DEFAULT true,
    "cull" JSONB,
    "created_by" UUID NOT NULL,
    "uploaded_at" TIMESTAMPTZ(3),
    "processed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "photos_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upload_sessions" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "shoot_id" UUID NOT NULL,
    "state" "upload_session_state" NOT NULL DEFAULT 'in_flight',
    "created_by" UUID NOT NULL,
    "last_activity_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "paused_at" TIMESTAMPTZ(3),
    "finalized_at" TIMESTAMPTZ(3),
    "expired_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "upload_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upload_files" (
    "id" UUID NOT NULL,
    "session_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,
    "file_name" TEXT NOT NULL,
    "content_type" TEXT NOT NULL,
    "size_bytes" BIGINT NOT NULL,
    "sha256" TEXT,
    "part_size" BIGINT NOT NULL,
    "part_count" INTEGER NOT NULL,
    "storage_key" TEXT NOT NULL,
    "s3_upload_id" TEXT NOT NULL,
    "state" "upload_file_state" NOT NULL DEFAULT 'uploading',
    "abort_reason" TEXT,
    "photo_id" UUID NOT NULL,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "upload_files_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "upload_parts" (
    "file_id" UUID NOT NULL,
    "part_number" INTEGER NOT NULL,
    "etag" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "upload_parts_pkey" PRIMARY KEY ("file_id","part_number")
);

-- CreateTable
CREATE TABLE "ai_jobs" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "shoot_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "state" "ai_job_state" NOT NULL DEFAULT 'queued',
    "params" JSONB NOT NULL,
    "progress_done" INTEGER NOT NULL DEFAULT 0,
    "progress_total" INTEGER NOT NULL DEFAULT 0,
    "result" JSONB,
    "error" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "created_by" UUID NOT NULL,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "ai_jobs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "photos_upload_file_id_key" ON "photos"("upload_file_id");

-- CreateIndex
CREATE INDEX "photos_workspace_id_shoot_id_state_idx" ON "photos"("workspace_id", "shoot_id", "state");

-- CreateIndex
CREATE INDEX "photos_shoot_id_capture_time_created_at_id_idx" ON "photos"("shoot_id", "capture_time", "created_at", "id");

-- CreateIndex
CREATE INDEX "upload_sessions_workspace_id_created_at_id_idx" ON "upload_sessions"("workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "upload_sessions_state_last_activity_at_idx" ON "upload_sessions"("state", "last_activity_at");

-- CreateIndex
CREATE UNIQUE INDEX "upload_files_photo_id_key" ON "upload_files"("photo_id");

-- CreateIndex
CREATE UNIQUE INDEX "upload_files_session_id_position_key" ON "upload_files"("session_id", "position");

-- CreateIndex
CREATE INDEX "ai_jobs_workspace_id_created_at_id_idx" ON "ai_jobs"("workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "outbox_sent_at_created_at_idx" ON "outbox"("sent_at", "created_at");

-- AddForeignKey
ALTER TABLE "photos" ADD CONSTRAINT "photos_upload_file_id_fkey" FOREIGN KEY ("upload_file_id") REFERENCES "upload_files"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_files" ADD CONSTRAINT "upload_files_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "upload_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "upload_parts" ADD CONSTRAINT "upload_parts_file_id_fkey" FOREIGN KEY ("file_id") REFERENCES "upload_files"("id") ON DELETE CASCADE ON UPDATE CASCADE;

