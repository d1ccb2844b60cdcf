-- The trace context of the event each delivery was made for (issue 7, observability): every attempt's log line
-- continues the trace and request id of the call that produced the event.
-- AlterTable
ALTER TABLE "deliveries" ADD COLUMN     "request_id" TEXT,
ADD COLUMN     "traceparent" TEXT;
