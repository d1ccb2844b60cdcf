import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImageDecodeError, makeCullProxy, makeDerivatives, rawToGrey, readImageMetadata } from './derivative.js';
import { computeFeatures } from './features.js';

/** A photo-like test image: gradient background + shapes, so encoders and the proxy have content. */
async function testImage(width: number, height: number, opts: { orientation?: number; alpha?: boolean; format?: 'jpeg' | 'png' } = {}) {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g"><stop offset="0" stop-color="#335"/><stop offset="1" stop-color="#dca"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)" fill-opacity="${opts.alpha ? 0.5 : 1}"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#c33"/>
    <rect x="${width / 2}" y="${height / 4}" width="${width / 5}" height="${height / 3}" fill="#3a6"/>
  </svg>`;
  let p = sharp(Buffer.from(svg));
  if (!opts.alpha) p = p.flatten({ background: '#ffffff' });
  if (opts.orientation) p = p.withMetadata({ orientation: opts.orientation });
  return opts.format === 'png' ? p.png().toBuffer() : p.jpeg({ quality: 90 }).toBuffer();
}

describe('makeDerivatives', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'imaging-spec-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('3000x2000 -> 2048x1365 progressive JPEG web, 400x267 WebP thumb, 1024x683 proxy, metadata of the original', async () => {
    const input = await testImage(3000, 2000);
    const out = await makeDerivatives(input);
    expect(out.metadata).toMatchObject({ width: 3000, height: 2000, format: 'jpeg', captureTime: null });
    expect([out.web.width, out.web.height]).toEqual([2048, 1365]);
    expect([out.thumb.width, out.thumb.height]).toEqual([400, 267]);
    expect(out.web.contentType).toBe('image/jpeg');
    expect(out.thumb.contentType).toBe('image/webp');
    const webMeta = await sharp(out.web.data).metadata();
    expect(webMeta).toMatchObject({ format: 'jpeg', width: 2048, height: 1365, isProgressive: true });
    expect(webMeta.exif).toBeUndefined(); // metadata stripped from derivatives
    const thumbMeta = await sharp(out.thumb.data).metadata();
    expect(thumbMeta).toMatchObject({ format: 'webp', width: 400, height: 267 });
    expect(out.proxy).not.toBeNull();
    expect([out.proxy!.width, out.proxy!.height]).toEqual([1024, 683]);
    expect(out.proxy!.data.length).toBe(1024 * 683);
  });

  it('never upscales: 1000x800 stays 1000x800, thumb 400x320, proxy 1000x800', async () => {
    const out = await makeDerivatives(await testImage(1000, 800));
    expect([out.web.width, out.web.height]).toEqual([1000, 800]);
    expect([out.thumb.width, out.thumb.height]).toEqual([400, 320]);
    expect([out.proxy!.width, out.proxy!.height]).toEqual([1000, 800]);
  });

  it('honours EXIF orientation 6: width and height swap everywhere', async () => {
    const input = await testImage(3000, 2000, { orientation: 6 });
    expect((await sharp(input).metadata()).orientation).toBe(6);
    const out = await makeDerivatives(input);
    expect(out.metadata).toMatchObject({ width: 2000, height: 3000, orientation: 6 });
    expect([out.web.width, out.web.height]).toEqual([1365, 2048]);
    expect([out.thumb.width, out.thumb.height]).toEqual([267, 400]);
    expect([out.proxy!.width, out.proxy!.height]).toEqual([683, 1024]);
    expect((await sharp(out.web.data).metadata()).orientation).toBeUndefined();
  });

  it('reads a file path and the EXIF capture time', async () => {
    const jpeg = await sharp(await testImage(1200, 800))
      .withExif({ IFD2: { DateTimeOriginal: '2024:07:14 16:20:05', OffsetTimeOriginal: '+02:00' } })
      .jpeg()
      .toBuffer();
    const file = join(dir, 'photo.jpg');
    await writeFile(file, jpeg);
    const out = await makeDerivatives(file, { proxy: false });
    expect(out.proxy).toBeNull();
    expect(out.metadata.captureTime?.toISOString()).toBe('2024-07-14T14:20:05.000Z');
    expect(out.metadata.captureTimeInfo).toMatchObject({ source: 'DateTimeOriginal', offset: '+02:00' });
  });

  it('flattens transparency for the JPEG and keeps it for the WebP thumb', async () => {
    const png = await testImage(800, 600, { alpha: true, format: 'png' });
    const out = await makeDerivatives(png);
    expect(out.metadata).toMatchObject({ format: 'png', hasAlpha: true });
    expect((await sharp(out.web.data).metadata()).channels).toBe(3);
    expect((await sharp(out.thumb.data).metadata()).hasAlpha).toBe(true);
  });

  it('converts wide-gamut (Display P3) input to sRGB in the derivatives', async () => {
    const p3Red = await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 255, g: 0, b: 0 } } })
      .withIccProfile('p3')
      .jpeg({ quality: 100 })
      .toBuffer();
    const stored = await sharp(p3Red, { ignoreIcc: true }).raw().toBuffer();
    expect(stored[0]).toBeLessThan(245); // P3 numbers differ from sRGB's
    const out = await makeDerivatives(p3Red);
    for (const data of [out.web.data, out.thumb.data]) {
      const px = await sharp(data).raw().toBuffer();
      expect(px[0]).toBeGreaterThan(250);
      expect(px[1]).toBeLessThan(10);
    }
  });

  it('gives the same cull features as a separate proxy decode (within resampling noise)', async () => {
    const input = await testImage(3000, 2000);
    const viaDerivatives = computeFeatures((await makeDerivatives(input)).proxy!);
    const direct = await makeCullProxy(input);
    expect([direct.width, direct.height]).toEqual([1024, 683]);
    const f = computeFeatures(direct);
    expect(Math.abs(f.mean_luminance - viaDerivatives.mean_luminance)).toBeLessThan(0.01);
    expect(f.dhash).toBe(viaDerivatives.dhash);
  });
});

describe('decode errors', () => {
  it('non-image bytes -> ImageDecodeError(unsupported_format) with a human reason', async () => {
    const err = await makeDerivatives(Buffer.from('this is a text file, not a photo')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageDecodeError);
    expect((err as ImageDecodeError).code).toBe('unsupported_format');
    expect((err as ImageDecodeError).message).toMatch(/not an image/i);
  });

  it('truncated JPEG -> ImageDecodeError(truncated)', async () => {
    const jpeg = await testImage(1200, 800);
    for (const cut of [0.5, 0.9]) {
      const err = await makeDerivatives(jpeg.subarray(0, Math.floor(jpeg.length * cut))).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ImageDecodeError);
      expect((err as ImageDecodeError).code).toBe('truncated');
    }
    await expect(makeCullProxy(jpeg.subarray(0, jpeg.length >> 1))).rejects.toBeInstanceOf(ImageDecodeError);
  });

  it('empty input, SVG and corrupt headers are decode errors; a missing file is an I/O error', async () => {
    await expect(makeDerivatives(Buffer.alloc(0))).rejects.toMatchObject({ name: 'ImageDecodeError', code: 'empty' });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    await expect(makeDerivatives(svg)).rejects.toMatchObject({ name: 'ImageDecodeError', code: 'unsupported_format' });
    const jpeg = await testImage(200, 100);
    const corrupt = Buffer.from(jpeg);
    corrupt.fill(0x00, 20, 400); // wipe the quantisation/Huffman tables
    await expect(makeDerivatives(corrupt)).rejects.toBeInstanceOf(ImageDecodeError);
    const missing = await readImageMetadata('/nonexistent/photo.jpg').catch((e: unknown) => e);
    expect(missing).not.toBeInstanceOf(ImageDecodeError);
    expect((missing as NodeJS.ErrnoException).code).toBe('ENOENT');
  });
});

describe('rawToGrey', () => {
  it('handles grey, grey+alpha, RGB and RGBA (alpha over white)', () => {
    expect(Array.from(rawToGrey(Uint8Array.from([0, 128, 255]), 3, 1, 1).data)).toEqual([0, 128, 255]);
    expect(Array.from(rawToGrey(Uint8Array.from([0, 255, 0, 0]), 2, 1, 2).data)).toEqual([0, 255]);
    expect(Array.from(rawToGrey(Uint8Array.from([255, 255, 255, 255, 0, 0, 0, 255, 0]), 3, 1, 3).data)).toEqual([255, 77, 149]);
    expect(Array.from(rawToGrey(Uint8Array.from([0, 0, 0, 255, 0, 0, 0, 0]), 2, 1, 4).data)).toEqual([0, 255]);
    expect(() => rawToGrey(new Uint8Array(2), 2, 2, 1)).toThrow(RangeError);
  });
});
