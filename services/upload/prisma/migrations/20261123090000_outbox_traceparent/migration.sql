-- The W3C traceparent of the call that wrote each event, published with it (issue 7, observability).
-- AlterTable
ALTER TABLE "outbox" ADD COLUMN     "traceparent" TEXT;
