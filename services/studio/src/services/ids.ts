/**
 * Identifier checks for values that arrive outside the HTTP schemas (CLI arguments, gRPC fields): `isUuid` (either
 * case) lets a bad id be refused before it reaches a uuid column. The definition is @studio/uuid's.
 */
export { isUuid } from '@studio/uuid';
