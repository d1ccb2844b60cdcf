-- Test deliveries (issue 24, item 5): POST /webhook-endpoints/{id}/test creates one delivery of example data, marked
-- here so the dispatcher adds X-Service-Test: true and the delivery history shows it. Expand only: a constant
-- default (no table rewrite), and the previous release's code never names the column.
-- AlterTable
ALTER TABLE "deliveries" ADD COLUMN IF NOT EXISTS "test" BOOLEAN NOT NULL DEFAULT false;
