/** Inputs of the single-shot photo routes (docs/decisions/0003-uploads.md). */
import { z } from 'zod';
import { idParams, uuid } from '@studio/http';
import { byteSize, contentType, fileName, sha256 } from './common.schema.js';

export const photoParams = idParams;

export const createPhotoBody = z.object({
  shoot_id: uuid(),
  file_name: fileName(),
  content_type: contentType(),
  size: byteSize(),
  sha256: sha256(),
});
