-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "endpoint_kind" AS ENUM ('legacy', 'subscription');

-- CreateEnum
CREATE TYPE "delivery_state" AS ENUM ('pending', 'succeeded', 'failed_retrying', 'dead_letter');

-- CreateTable
CREATE TABLE "endpoints" (
    "id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "kind" "endpoint_kind" NOT NULL,
    "url" TEXT NOT NULL,
    "event_types" TEXT[],
    "subscription_event" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_by" UUID,
    "secret_enc" BYTEA NOT NULL,
    "previous_secret_enc" BYTEA,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "secret_rotated_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "endpoints_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "deliveries" (
    "id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "workspace_id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "payload" TEXT NOT NULL,
    "state" "delivery_state" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "cycle_attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claim_token" UUID,
    "last_attempt_at" TIMESTAMPTZ(3),
    "last_status" INTEGER,
    "last_error" TEXT,
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "delivery_attempts" (
    "id" UUID NOT NULL,
    "delivery_id" UUID NOT NULL,
    "workspace_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL,
    "http_status" INTEGER,
    "error" TEXT,
    "duration_ms" INTEGER NOT NULL,

    CONSTRAINT "delivery_attempts_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "endpoints_list_idx" ON "endpoints"("workspace_id", "kind", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE INDEX "endpoints_fanout_idx" ON "endpoints"("workspace_id", "active");

-- CreateIndex
CREATE UNIQUE INDEX "endpoints_subscription_key" ON "endpoints"("workspace_id", "url", "subscription_event");

-- CreateIndex
CREATE INDEX "deliveries_list_idx" ON "deliveries"("endpoint_id", "created_at" DESC, "id" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "deliveries_event_endpoint_key" ON "deliveries"("event_id", "endpoint_id");

-- CreateIndex
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts"("delivery_id", "attempted_at");

-- AddForeignKey
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "endpoints"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "deliveries"("id") ON DELETE CASCADE ON UPDATE CASCADE;


-- Hand-written, as Prisma cannot express a partial index. The claim query of the dispatcher reads due
-- deliveries in next_attempt_at order. Only open deliveries are indexed, so finished history costs nothing.
-- (No apostrophes or semicolons in comments here: the wasm engine splits the script naively.)
CREATE INDEX "deliveries_due_idx" ON "deliveries"("next_attempt_at") WHERE "state" IN ('pending', 'failed_retrying');
