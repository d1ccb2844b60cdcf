/**
 * The JSON of the gallery service's records as its events carry them: the same object its API answers
 * (decision 0007). A gallery's JSON here is the head without its photos; no event carries a portal token or a bearer.
 */
import { z } from 'zod';
import { timestamp, uuid } from './event-fields.schema.js';

export const galleryJson = z
  .strictObject({
    id: uuid(),
    workspace_id: uuid(),
    shoot_id: uuid(),
    title: z.string(),
    slug: z.string(),
    state: z.enum(['draft', 'published']),
    photo_count: z.int(),
    published_at: timestamp().nullable(),
    delivered_at: timestamp().nullable(),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .describe('decision 0007; without its photos');

export const albumJson = z.strictObject({
  id: uuid(),
  workspace_id: uuid(),
  gallery_id: uuid(),
  title: z.string(),
  description: z.string().nullable(),
  photo_count: z.int(),
  created_at: timestamp(),
  updated_at: timestamp(),
});
