/** @studio/idempotency: durable Idempotency-Key records in the database of the service that performs the write. */
export {};
