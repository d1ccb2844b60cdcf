/**
 * Answers of gallery's routes (docs/decisions/0007-galleries.md), for the OpenAPI document: the list and
 * `{ ok: true, ... }` wrappers around the records, each written once in `@studio/contracts/records`
 * (gallery.records.ts). openapi.spec.ts checks at compile time that the services return exactly these types;
 * GET /galleries/{id} is rendered as bytes (GalleryViews), so its shape is checked against real answers by the
 * black-box test.
 */
import {
  clientSessionRecord,
  favoriteRecord,
  galleryDetailRecord,
  galleryPhotoRecord,
  galleryRecord,
  publishedGalleryRecord,
} from '@studio/contracts/records';
import { listResponse, okResponse } from '@studio/http';

export const listGalleriesResponse = listResponse(galleryRecord);
export const galleryResponse = okResponse({ gallery: galleryRecord });
export const galleryDetailResponse = okResponse({ gallery: galleryDetailRecord });
export const listGalleryPhotosResponse = listResponse(galleryPhotoRecord);
export const favoriteResponse = okResponse({ favorite: favoriteRecord });
export const publishResponse = okResponse({ gallery: publishedGalleryRecord });
export const clientSessionResponse = okResponse({ session: clientSessionRecord });
