/** @studio/contracts/records: the one schema of each public record and the serializer derived from it. */
export { type CamelCase, type RecordJson, type RecordRow, recordSerializer, toRecordJson } from './record-json.js';
export * from './studio.records.js';
export * from './gallery.records.js';
export * from './upload.records.js';
export * from './webhooks.records.js';
