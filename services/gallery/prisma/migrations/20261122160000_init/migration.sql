-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "gallery_state" AS ENUM ('draft', 'published');

-- CreateEnum
CREATE TYPE "portal_state" AS ENUM ('active', 'suspended');

-- CreateTable
CREATE TABLE "galleries" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "shoot_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "state" "gallery_state" NOT NULL DEFAULT 'draft',
    "photo_count" INTEGER NOT NULL,
    "created_by" UUID NOT NULL,
    "published_at" TIMESTAMPTZ(3),
    "delivered_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "galleries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "gallery_photos" (
    "gallery_id" UUID NOT NULL,
    "order_index" INTEGER NOT NULL,
    "photo_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "web_key" TEXT NOT NULL,
    "thumb_key" TEXT NOT NULL,
    "original_key" TEXT NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,

    CONSTRAINT "gallery_photos_pkey" PRIMARY KEY ("gallery_id","order_index","photo_id")
);

-- CreateTable
CREATE TABLE "favorites" (
    "gallery_id" UUID NOT NULL,
    "owner_key" TEXT NOT NULL,
    "photo_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "favorites_pkey" PRIMARY KEY ("gallery_id","owner_key","photo_id")
);

-- CreateTable
CREATE TABLE "albums" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "gallery_id" UUID NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "albums_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "album_photos" (
    "album_id" UUID NOT NULL,
    "gallery_id" UUID NOT NULL,
    "photo_id" UUID NOT NULL,
    "position" INTEGER NOT NULL,

    CONSTRAINT "album_photos_pkey" PRIMARY KEY ("album_id","photo_id")
);

-- CreateTable
CREATE TABLE "portal_tokens" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "gallery_id" UUID NOT NULL,
    "prefix" TEXT NOT NULL,
    "token_hash" TEXT NOT NULL,
    "token_ciphertext" BYTEA NOT NULL,
    "state" "portal_state" NOT NULL DEFAULT 'active',
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "suspended_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "portal_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "client_sessions" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "gallery_id" UUID NOT NULL,
    "portal_token_id" UUID NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "client_sessions_pkey" PRIMARY KEY ("id")
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
CREATE INDEX "galleries_workspace_id_created_at_id_idx" ON "galleries"("workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "galleries_workspace_id_slug_key" ON "galleries"("workspace_id", "slug");

-- CreateIndex
CREATE UNIQUE INDEX "gallery_photos_gallery_id_photo_id_key" ON "gallery_photos"("gallery_id", "photo_id");

-- CreateIndex
CREATE INDEX "albums_workspace_id_created_at_id_idx" ON "albums"("workspace_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "albums_gallery_id_title_key" ON "albums"("gallery_id", "title");

-- CreateIndex
CREATE UNIQUE INDEX "album_photos_album_id_position_key" ON "album_photos"("album_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "portal_tokens_gallery_id_key" ON "portal_tokens"("gallery_id");

-- CreateIndex
CREATE UNIQUE INDEX "portal_tokens_prefix_key" ON "portal_tokens"("prefix");

-- CreateIndex
CREATE UNIQUE INDEX "portal_tokens_token_hash_key" ON "portal_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "client_sessions_gallery_id_created_at_idx" ON "client_sessions"("gallery_id", "created_at");

-- CreateIndex
CREATE INDEX "client_sessions_expires_at_idx" ON "client_sessions"("expires_at");

-- CreateIndex
CREATE INDEX "outbox_sent_at_created_at_idx" ON "outbox"("sent_at", "created_at");

-- AddForeignKey
ALTER TABLE "gallery_photos" ADD CONSTRAINT "gallery_photos_gallery_id_fkey" FOREIGN KEY ("gallery_id") REFERENCES "galleries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "favorites" ADD CONSTRAINT "favorites_gallery_id_photo_id_fkey" FOREIGN KEY ("gallery_id", "photo_id") REFERENCES "gallery_photos"("gallery_id", "photo_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "albums" ADD CONSTRAINT "albums_gallery_id_fkey" FOREIGN KEY ("gallery_id") REFERENCES "galleries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_album_id_fkey" FOREIGN KEY ("album_id") REFERENCES "albums"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "album_photos" ADD CONSTRAINT "album_photos_gallery_id_photo_id_fkey" FOREIGN KEY ("gallery_id", "photo_id") REFERENCES "gallery_photos"("gallery_id", "photo_id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "portal_tokens" ADD CONSTRAINT "portal_tokens_gallery_id_fkey" FOREIGN KEY ("gallery_id") REFERENCES "galleries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_sessions" ADD CONSTRAINT "client_sessions_gallery_id_fkey" FOREIGN KEY ("gallery_id") REFERENCES "galleries"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "client_sessions" ADD CONSTRAINT "client_sessions_portal_token_id_fkey" FOREIGN KEY ("portal_token_id") REFERENCES "portal_tokens"("id") ON DELETE CASCADE ON UPDATE CASCADE;

