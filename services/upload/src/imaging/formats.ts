/**
 * The raster formats an upload may be (docs/decisions/0020-upload-hardening.md): exactly the ones the derivative
 * pipeline decodes with the sharp (libvips) build we ship. JPEG, PNG, WebP, GIF, TIFF and AVIF; not HEIC (the
 * prebuilt libvips has no HEVC decoder, so an iPhone HEIC would only ever fail), not SVG or PDF (vector, scriptable,
 * external references), not camera RAW.
 *
 * One table serves three checks: the declared content type at creation (the zod enum, hence the OpenAPI enum), the
 * object's first bytes at finalize / complete (`sniffFormat`: magic numbers, read with a ranged GET), and the
 * decoder's own answer in the worker (`ACCEPTED_FORMATS`, libvips' format names).
 */

export interface UploadFormat {
  /** The media type a client declares and the stored original is served with. */
  contentType: string;
  /** libvips' name for the decoded format (sharp's `metadata().format`; AVIF decodes as heif). */
  decoder: string;
  /** Whether `head` (the object's first bytes) starts like this format. */
  matches(head: Uint8Array): boolean;
}

const ascii = (head: Uint8Array, at: number, text: string) => {
  if (head.length < at + text.length) return false;
  for (let i = 0; i < text.length; i++) if (head[at + i] !== text.charCodeAt(i)) return false;
  return true;
};
const bytes = (head: Uint8Array, at: number, want: readonly number[]) =>
  head.length >= at + want.length && want.every((b, i) => head[at + i] === b);

/** ISO BMFF (HEIF family): an `ftyp` box whose major or a compatible brand is one of `brands`. */
function ftypBrand(head: Uint8Array, brands: readonly string[]): boolean {
  if (!ascii(head, 4, 'ftyp') || head.length < 12) return false;
  const boxSize = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  const end = Math.min(head.length, boxSize);
  const has = (at: number) => brands.some((b) => ascii(head, at, b));
  if (has(8)) return true; // major brand
  for (let at = 16; at + 4 <= end; at += 4) if (has(at)) return true; // compatible brands (after minor_version)
  return false;
}

export const UPLOAD_FORMATS: readonly UploadFormat[] = [
  { contentType: 'image/jpeg', decoder: 'jpeg', matches: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]) },
  { contentType: 'image/png', decoder: 'png', matches: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { contentType: 'image/webp', decoder: 'webp', matches: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP') },
  { contentType: 'image/gif', decoder: 'gif', matches: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a') },
  {
    contentType: 'image/tiff',
    decoder: 'tiff',
    // Little- or big-endian TIFF, and BigTIFF (version 43), which libtiff reads too.
    matches: (h) => bytes(h, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(h, 0, [0x4d, 0x4d, 0x00, 0x2a]) || bytes(h, 0, [0x49, 0x49, 0x2b, 0x00]),
  },
  { contentType: 'image/avif', decoder: 'heif', matches: (h) => ftypBrand(h, ['avif', 'avis']) },
];

/** The declared content types an upload may have, in the order of UPLOAD_FORMATS (the zod and OpenAPI enum). */
export const UPLOAD_CONTENT_TYPES = UPLOAD_FORMATS.map((f) => f.contentType) as [string, ...string[]];

/** How many leading bytes `sniffFormat` needs (an AVIF's ftyp box with its compatible brands fits). */
export const SNIFF_BYTES = 256;

/** The format `head` (an object's first SNIFF_BYTES bytes, or all of a shorter one) is, or null when none of ours. */
export function sniffFormat(head: Uint8Array): UploadFormat | null {
  return UPLOAD_FORMATS.find((f) => f.matches(head)) ?? null;
}

/** A few words on what bytes that are none of our formats look like, for the failure reason people read. */
export function describeBytes(head: Uint8Array): string {
  const text = Buffer.from(head.subarray(0, 64)).toString('latin1').trimStart().toLowerCase();
  if (head.length === 0) return 'an empty file';
  if (text.startsWith('<svg') || (text.startsWith('<?xml') && /<svg/i.test(Buffer.from(head).toString('latin1')))) return 'SVG';
  if (text.startsWith('<!doctype html') || text.startsWith('<html') || text.startsWith('<head') || text.startsWith('<script'))
    return 'HTML';
  if (text.startsWith('<?xml') || text.startsWith('<')) return 'XML or HTML text';
  if (text.startsWith('%pdf')) return 'PDF';
  if (ftypBrand(head, ['heic', 'heix', 'hevc', 'heim', 'heis', 'mif1'])) return 'HEIC (not decodable here)';
  return 'an unknown format';
}
