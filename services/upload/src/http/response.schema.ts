/**
 * Answers of upload's routes (docs/decisions/0003-uploads.md), for the OpenAPI document: the `{ ok: true, ... }`
 * wrappers around the records, each written once in `@studio/contracts/records` (upload.records.ts). openapi.spec.ts
 * checks at compile time that the services return exactly these types; the black-box test checks real answers.
 */
import { z } from 'zod';
import {
  aiJobRecord,
  photoRecord,
  resumeFileRecord,
  signedPartRecord,
  uploadFileRecord,
  uploadPartRecord,
  uploadSessionRecord,
  uploadSessionSummaryRecord,
  uploadTargetRecord,
} from '@studio/contracts/records';
import { okResponse } from '@studio/http';

const id = () => z.uuid();
const int = () => z.number().int();

export const createPhotoResponse = okResponse({ photo: photoRecord, upload: uploadTargetRecord });
export const getPhotoResponse = okResponse({
  photo: photoRecord,
  upload: uploadTargetRecord
    .nullable()
    .describe('A fresh PUT target while the photo is pending and the caller is photographer+, else null.'),
});
export const photoResponse = okResponse({ photo: photoRecord });
export const sessionResponse = okResponse({ session: uploadSessionRecord });
export const registerFilesResponse = okResponse({ files: z.array(uploadFileRecord) });
export const signPartsResponse = okResponse({ file_id: id(), parts: z.array(signedPartRecord) });
export const recordPartResponse = okResponse({ file_id: id(), part: uploadPartRecord });
export const completeFileResponse = okResponse({ file: uploadFileRecord, photo: photoRecord.nullable() });
export const fileResponse = okResponse({ file: uploadFileRecord });
export const resumeResponse = okResponse({ session: uploadSessionSummaryRecord, files: z.array(resumeFileRecord) });
export const finalizeSessionResponse = okResponse({
  session: uploadSessionRecord,
  incomplete_files: z
    .array(z.object({ id: id(), file_name: z.string(), parts_done: int(), part_count: int() }))
    .describe('Files that were still uploading: aborted by the finalize.'),
});
export const aiJobResponse = okResponse({ job: aiJobRecord });
