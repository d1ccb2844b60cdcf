/**
 * Derivatives (web JPEG + WebP thumbnail), basic metadata and the greyscale cull proxy from ONE decode.
 *
 * How the single decode works (measured on a 6000x4000 JPEG, 2 cores, see bench.ts):
 *   1. `metadata()` reads only the header (~1 ms): format check, oriented size, raw EXIF for the capture time.
 *   2. One libvips pipeline decodes the original (JPEG shrink-on-load where possible), applies the EXIF
 *      orientation (`rotate()`), converts to sRGB and resizes to the web size (long edge 2048, never upscaled),
 *      into an 8-bit raw buffer held in memory (~8 MB for 2048x1365 RGB).
 *   3. Three cheap pipelines fan out from that raw buffer in parallel: JPEG encode of the web derivative,
 *      2048 -> 400 resize + WebP encode of the thumbnail, 2048 -> 1024 resize for the cull proxy (luma computed
 *      in JS: libvips' colour-managed `greyscale()` cost 4x more than the resize itself).
 *   sharp's `clone()` is NOT used for this: clones share the input stream but each clone decodes again.
 *
 * Errors: anything that makes the input undecodable (not an image, unsupported/unsafe format, truncated or corrupt
 * data, empty, over the pixel limit) becomes an `ImageDecodeError` with a human reason; the caller marks the
 * photo failed. A missing file (path input) is an ordinary I/O error, not a decode error (it is worth a retry).
 */
import os from 'node:os';
import { stat } from 'node:fs/promises';
import sharp, { type Metadata, type Sharp } from 'sharp';
import { parseExifCaptureTime, type ExifCaptureTime } from './exif.js';
import { UPLOAD_FORMATS } from './formats.js';

export type ImageInput = Buffer | Uint8Array | string;

export type ImageDecodeErrorCode = 'empty' | 'unsupported_format' | 'truncated' | 'too_large' | 'corrupt';

/** The input cannot be decoded as a photo. `message`/`reason` is meant for people (UI, logs). */
export class ImageDecodeError extends Error {
  override readonly name = 'ImageDecodeError';
  readonly code: ImageDecodeErrorCode;
  readonly reason: string;
  constructor(code: ImageDecodeErrorCode, reason: string, options?: { cause?: unknown }) {
    super(reason, options);
    this.code = code;
    this.reason = reason;
  }
}

/**
 * Raster formats we decode (libvips' names), those of the upload formats (formats.ts): SVG/PDF (vector, scriptable,
 * external references) and others are refused even when their bytes reach the worker.
 */
export const ACCEPTED_FORMATS: ReadonlySet<string> = new Set(UPLOAD_FORMATS.map((f) => f.decoder));

export interface ImageMetadata {
  /** Width of the original after EXIF orientation is applied. */
  width: number;
  /** Height of the original after EXIF orientation is applied. */
  height: number;
  /** Decoder name from libvips: jpeg, png, webp, tiff, heif (also AVIF), gif. */
  format: string;
  /** EXIF orientation 1..8 when present. */
  orientation: number | null;
  /** Capture instant from EXIF (see exif.ts for the time-zone rule), or null. */
  captureTime: Date | null;
  /** Where the capture time came from, with the camera's wall-clock text and offset. */
  captureTimeInfo: ExifCaptureTime | null;
  hasAlpha: boolean;
}

export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
  format: 'jpeg' | 'webp';
  contentType: 'image/jpeg' | 'image/webp';
}

/** 8-bit single-channel luma image (Rec.601 weights, sRGB-encoded values, alpha composited on white). */
export interface GreyProxy {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface DerivativeOptions {
  /** Long edge of the web JPEG (default 2048). Never upscaled. */
  webLongEdge?: number;
  /** JPEG quality of the web derivative (default 82). */
  webQuality?: number;
  /** Long edge of the WebP thumbnail (default 400). Never upscaled. */
  thumbLongEdge?: number;
  /** WebP quality of the thumbnail (default 75). */
  thumbQuality?: number;
  /** Also return the greyscale cull proxy from the same decode (default true; ~15 ms on a 24 MP photo). */
  proxy?: boolean;
  /** Long edge of the cull proxy (default 1024). Never upscaled. */
  proxyLongEdge?: number;
}

export interface DerivativeResult {
  web: EncodedImage;
  thumb: EncodedImage;
  metadata: ImageMetadata;
  /** Present unless `options.proxy === false`. Feed it to `computeFeatures()`. */
  proxy: GreyProxy | null;
}

export const DEFAULT_DERIVATIVE_OPTIONS: Required<DerivativeOptions> = {
  webLongEdge: 2048,
  webQuality: 82,
  thumbLongEdge: 400,
  thumbQuality: 75,
  proxy: true,
  proxyLongEdge: 1024,
};

/**
 * Process-wide sharp settings; call once at service start-up.
 * - concurrency: libvips threads per image. Default min(2, cores): on this 2-core kind of machine 2 threads cut
 *   one photo's latency ~15%; when many photos are processed at once libuv already runs them in parallel.
 * - cache: libvips' operation cache only helps when the same input is processed repeatedly; uploads are unique,
 *   so it is off by default (saves memory).
 */
export function configureImaging(options: { concurrency?: number; cache?: boolean } = {}): { concurrency: number } {
  const cores = typeof os.availableParallelism === 'function' ? os.availableParallelism() : os.cpus().length;
  sharp.concurrency(options.concurrency ?? Math.max(1, Math.min(2, cores)));
  sharp.cache(options.cache ?? false);
  return { concurrency: sharp.concurrency() };
}

/** Input options for untrusted uploads: abort on truncated data (lenient on harmless warnings). */
const INPUT_OPTIONS = { failOn: 'truncated', sequentialRead: true } as const;

/** Maps a sharp/libvips error to a typed, human decode error. */
function toDecodeError(err: unknown): ImageDecodeError {
  if (err instanceof ImageDecodeError) return err;
  const msg = err instanceof Error ? err.message : String(err);
  const lower = msg.toLowerCase();
  if (lower.includes('unsupported image format')) {
    return new ImageDecodeError('unsupported_format', 'The file is not an image in a supported format.', { cause: err });
  }
  if (lower.includes('unsupported') || lower.includes('not supported')) {
    // e.g. HEIC/HEVC: the prebuilt libvips decodes AVIF but not HEVC-compressed HEIF.
    return new ImageDecodeError('unsupported_format', `This image encoding is not supported: ${msg.split('\n')[0]}`, { cause: err });
  }
  if (lower.includes('empty')) return new ImageDecodeError('empty', 'The file is empty.', { cause: err });
  if (lower.includes('pixel limit') || lower.includes('exceeds')) {
    return new ImageDecodeError('too_large', 'The image dimensions exceed the supported limit.', { cause: err });
  }
  if (lower.includes('premature end') || lower.includes('truncated') || lower.includes('read error') || lower.includes('end of file')) {
    return new ImageDecodeError('truncated', 'The image data is incomplete (the file looks truncated).', { cause: err });
  }
  return new ImageDecodeError('corrupt', `The image could not be decoded: ${msg.split('\n')[0]}`, { cause: err });
}

async function normaliseInput(input: ImageInput): Promise<Buffer | string> {
  if (typeof input === 'string') {
    // I/O errors (ENOENT, EACCES) propagate as they are: not the photo's fault.
    const st = await stat(input);
    if (!st.isFile()) throw new Error(`not a regular file: ${input}`);
    if (st.size === 0) throw new ImageDecodeError('empty', 'The file is empty.');
    return input;
  }
  if (input.byteLength === 0) throw new ImageDecodeError('empty', 'The file is empty.');
  return Buffer.isBuffer(input) ? input : Buffer.from(input.buffer, input.byteOffset, input.byteLength);
}

async function probe(input: Buffer | string): Promise<ImageMetadata> {
  let m: Metadata;
  try {
    m = await sharp(input, INPUT_OPTIONS).metadata();
  } catch (err) {
    throw toDecodeError(err);
  }
  if (!ACCEPTED_FORMATS.has(m.format)) {
    throw new ImageDecodeError('unsupported_format', `Unsupported image format: ${m.format}.`);
  }
  if (!(m.width > 0 && m.height > 0)) throw new ImageDecodeError('corrupt', 'The image has no pixels.');
  const orientation = typeof m.orientation === 'number' && m.orientation >= 1 && m.orientation <= 8 ? m.orientation : null;
  const swap = orientation !== null && orientation >= 5;
  const width = m.autoOrient?.width ?? (swap ? m.height : m.width);
  const height = m.autoOrient?.height ?? (swap ? m.width : m.height);
  const captureTimeInfo = parseExifCaptureTime(m.exif);
  return {
    width,
    height,
    format: m.format,
    orientation,
    captureTime: captureTimeInfo?.date ?? null,
    captureTimeInfo,
    hasAlpha: m.hasAlpha,
  };
}

/** Header-only read: format check, oriented size, capture time. Throws ImageDecodeError on non-images. */
export async function readImageMetadata(input: ImageInput): Promise<ImageMetadata> {
  return probe(await normaliseInput(input));
}

/**
 * Converts an 8-bit raw buffer with 1..4 channels (grey, grey+alpha, RGB, RGBA) into luma.
 * Luma = (77 R + 150 G + 29 B) / 256 (Rec.601 on sRGB-encoded values); alpha is composited over white.
 */
export function rawToGrey(data: Uint8Array, width: number, height: number, channels: number): GreyProxy {
  const n = width * height;
  if (data.length < n * channels) throw new RangeError('raw buffer smaller than width*height*channels');
  const out = new Uint8Array(n);
  if (channels === 1) {
    out.set(data.subarray(0, n));
  } else if (channels === 2) {
    for (let i = 0, p = 0; i < n; i++, p += 2) {
      const a = data[p + 1]!;
      out[i] = (data[p]! * a + 255 * (255 - a) + 127) / 255;
    }
  } else if (channels === 3) {
    for (let i = 0, p = 0; i < n; i++, p += 3) {
      out[i] = (77 * data[p]! + 150 * data[p + 1]! + 29 * data[p + 2]! + 128) >> 8;
    }
  } else if (channels === 4) {
    for (let i = 0, p = 0; i < n; i++, p += 4) {
      const y = (77 * data[p]! + 150 * data[p + 1]! + 29 * data[p + 2]! + 128) >> 8;
      const a = data[p + 3]!;
      out[i] = (y * a + 255 * (255 - a) + 127) / 255;
    }
  } else {
    throw new RangeError(`unsupported channel count ${channels}`);
  }
  return { data: out, width, height };
}

const inside = (edge: number) => ({ width: edge, height: edge, fit: 'inside' as const, withoutEnlargement: true });

async function proxyFromSharp(pipeline: Sharp, longEdge: number): Promise<GreyProxy> {
  const { data, info } = await pipeline.resize(inside(longEdge)).raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  return rawToGrey(data, info.width, info.height, info.channels);
}

/**
 * Web derivative + thumbnail + metadata (+ cull proxy) from one decode of `input` (bytes or a file path).
 * Throws ImageDecodeError when the input is not a decodable photo.
 */
export async function makeDerivatives(input: ImageInput, options: DerivativeOptions = {}): Promise<DerivativeResult> {
  const opts = { ...DEFAULT_DERIVATIVE_OPTIONS, ...options };
  const src = await normaliseInput(input);
  const metadata = await probe(src);

  try {
    // The one decode: oriented, sRGB, resized to the web size, 8-bit.
    const decoded = await sharp(src, INPUT_OPTIONS)
      .rotate()
      .resize(inside(opts.webLongEdge))
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const { width, height, channels } = decoded.info;
    const fromRaw = () => sharp(decoded.data, { raw: { width, height, channels } });
    const hasAlpha = channels === 2 || channels === 4;

    const webJob = (hasAlpha ? fromRaw().flatten({ background: '#ffffff' }) : fromRaw())
      .jpeg({ quality: opts.webQuality, progressive: true, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    const thumbJob = fromRaw()
      .resize(inside(opts.thumbLongEdge))
      .webp({ quality: opts.thumbQuality })
      .toBuffer({ resolveWithObject: true });
    const proxyJob = opts.proxy ? proxyFromSharp(fromRaw(), opts.proxyLongEdge) : Promise.resolve(null);

    const [web, thumb, proxy] = await Promise.all([webJob, thumbJob, proxyJob]);
    return {
      web: { data: web.data, width: web.info.width, height: web.info.height, format: 'jpeg', contentType: 'image/jpeg' },
      thumb: { data: thumb.data, width: thumb.info.width, height: thumb.info.height, format: 'webp', contentType: 'image/webp' },
      metadata,
      proxy,
    };
  } catch (err) {
    throw toDecodeError(err);
  }
}

/**
 * Only the cull proxy (long edge 1024 by default, never upscaled), decoding with shrink-on-load. For photos whose
 * derivatives already exist (re-culls); new uploads get the proxy from `makeDerivatives` without a second decode.
 */
export async function makeCullProxy(input: ImageInput, longEdge = DEFAULT_DERIVATIVE_OPTIONS.proxyLongEdge): Promise<GreyProxy> {
  const src = await normaliseInput(input);
  await probe(src);
  try {
    return await proxyFromSharp(sharp(src, INPUT_OPTIONS).rotate(), longEdge);
  } catch (err) {
    throw toDecodeError(err);
  }
}
