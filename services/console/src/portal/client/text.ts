/** Every sentence the page shows a customer, in one place (the browser tests and the docs quote them). */
import type { ErrorKind } from './api.js';

export type ErrorPageKind = 'invalid' | 'expired' | 'suspended' | 'rate_limited' | 'unreachable';

export interface ErrorText {
  heading: string;
  text: string;
  /** A "Try again" button (the failure may pass). */
  retry: boolean;
}

const seconds = (n: number): string => `${n} ${n === 1 ? 'second' : 'seconds'}`;

export function errorText(kind: ErrorPageKind, retryAfter = 0): ErrorText {
  switch (kind) {
    case 'expired':
      return { heading: 'This gallery link has expired', text: 'Ask your photographer for a new link.', retry: false };
    case 'suspended':
      return {
        heading: "This gallery isn't available",
        text: 'Your photographer has paused access to this gallery. Contact them if you think this is a mistake.',
        retry: false,
      };
    case 'rate_limited':
      return { heading: 'Too many attempts', text: `Wait ${seconds(Math.max(1, retryAfter))}, then try again.`, retry: true };
    case 'unreachable':
      return { heading: "We can't reach this gallery right now", text: 'Check your connection, then try again.', retry: true };
    default:
      return {
        heading: "This gallery link isn't valid",
        text: "Check that you opened the whole link from your photographer's message, or ask them to send it again.",
        retry: false,
      };
  }
}

/** The page an API failure ends on when it happens while opening the gallery. */
export function pageOf(kind: ErrorKind): ErrorPageKind {
  switch (kind) {
    case 'expired':
    case 'suspended':
    case 'rate_limited':
    case 'unreachable':
      return kind;
    default:
      // not_found (the gallery was unpublished or deleted), refused: the link no longer opens anything
      return 'invalid';
  }
}

/** The status line after a favorite could not be saved. */
export function favoriteFailure(kind: ErrorKind): string {
  return kind === 'rate_limited'
    ? 'Too many changes at once. Try again in a moment.'
    : "Couldn't save your favorite. Check your connection and try again.";
}

export const photoCount = (n: number): string => `${n} ${n === 1 ? 'photo' : 'photos'}`;
export const favoriteCount = (n: number): string => `${n} ${n === 1 ? 'favorite' : 'favorites'}`;
export const openLabel = (orderIndex: number, count: number): string => `Open photo ${orderIndex + 1} of ${count}`;
export const photoAlt = (orderIndex: number, count: number): string => `Photo ${orderIndex + 1} of ${count}`;
export const EMPTY_GALLERY = 'This gallery has no photos yet.';
export const NO_FAVORITES = 'No favorites yet. Tap the heart on a photo to add it.';
