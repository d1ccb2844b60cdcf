import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { parseExifCaptureTime, parseExifDateTime } from './exif.js';
import { readImageMetadata } from './derivative.js';
import { mulberry32 } from '@studio/testkit/random';

/** Minimal EXIF block builder: "Exif\0\0" + TIFF with IFD0 and an optional Exif sub-IFD of ASCII tags. */
function buildExif(opts: {
  littleEndian?: boolean;
  ifd0?: Record<number, string>;
  exif?: Record<number, string>;
  header?: boolean;
}): Buffer {
  const le = opts.littleEndian ?? true;
  const ifd0Tags = Object.entries(opts.ifd0 ?? {}).map(([k, v]) => [Number(k), v] as const);
  const exifTags = Object.entries(opts.exif ?? {}).map(([k, v]) => [Number(k), v] as const);
  const hasExif = exifTags.length > 0;
  const ifd0Offset = 8;
  const ifd0Size = 2 + (ifd0Tags.length + (hasExif ? 1 : 0)) * 12 + 4;
  const exifOffset = ifd0Offset + ifd0Size;
  const exifSize = hasExif ? 2 + exifTags.length * 12 + 4 : 0;
  let dataOffset = exifOffset + exifSize;
  const buf = Buffer.alloc(dataOffset + 64 * (ifd0Tags.length + exifTags.length) + 16);
  const u16 = (off: number, v: number) => (le ? buf.writeUInt16LE(v, off) : buf.writeUInt16BE(v, off));
  const u32 = (off: number, v: number) => (le ? buf.writeUInt32LE(v, off) : buf.writeUInt32BE(v, off));
  buf.write(le ? 'II' : 'MM', 0, 'latin1');
  u16(2, 42);
  u32(4, ifd0Offset);
  const writeIfd = (offset: number, tags: (readonly [number, string])[], pointer?: readonly [number, number]) => {
    type Entry = { tag: number; value: string } | { tag: number; pointer: number };
    const entries: Entry[] = tags.map(([tag, value]) => ({ tag, value }));
    if (pointer) entries.push({ tag: pointer[0], pointer: pointer[1] });
    entries.sort((a, b) => a.tag - b.tag);
    u16(offset, entries.length);
    let e = offset + 2;
    for (const entry of entries) {
      u16(e, entry.tag);
      if ('pointer' in entry) {
        u16(e + 2, 4); // LONG
        u32(e + 4, 1);
        u32(e + 8, entry.pointer);
      } else {
        const bytes = Buffer.from(`${entry.value}\0`, 'latin1');
        u16(e + 2, 2); // ASCII
        u32(e + 4, bytes.length);
        if (bytes.length <= 4) bytes.copy(buf, e + 8);
        else {
          u32(e + 8, dataOffset);
          bytes.copy(buf, dataOffset);
          dataOffset += bytes.length + (bytes.length % 2);
        }
      }
      e += 12;
    }
    u32(e, 0); // no next IFD
  };
  writeIfd(ifd0Offset, ifd0Tags, hasExif ? [0x8769, exifOffset] : undefined);
  if (hasExif) writeIfd(exifOffset, exifTags);
  const tiff = buf.subarray(0, dataOffset);
  return opts.header === false ? Buffer.from(tiff) : Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
}

describe('parseExifCaptureTime', () => {
  it('reads DateTimeOriginal + OffsetTimeOriginal + SubSecTimeOriginal written by sharp into a JPEG', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#808080' } })
      .jpeg()
      .withExif({
        IFD0: { DateTime: '2021:01:01 00:00:00' },
        IFD2: { DateTimeOriginal: '2024:05:06 07:08:09', OffsetTimeOriginal: '+02:00', SubSecTimeOriginal: '25' },
      })
      .toBuffer();
    const meta = await sharp(jpeg).metadata();
    const parsed = parseExifCaptureTime(meta.exif);
    expect(parsed).not.toBeNull();
    expect(parsed!.source).toBe('DateTimeOriginal');
    expect(parsed!.offset).toBe('+02:00');
    expect(parsed!.local).toBe('2024-05-06T07:08:09.250');
    expect(parsed!.date.toISOString()).toBe('2024-05-06T05:08:09.250Z');

    const viaMetadata = await readImageMetadata(jpeg);
    expect(viaMetadata.captureTime?.toISOString()).toBe('2024-05-06T05:08:09.250Z');
  });

  it('treats a time without offset as UTC wall-clock and falls back to IFD0 DateTime', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#404040' } })
      .jpeg()
      .withExif({ IFD0: { DateTime: '2019:12:31 23:59:58' } })
      .toBuffer();
    const parsed = parseExifCaptureTime((await sharp(jpeg).metadata()).exif);
    expect(parsed).toMatchObject({ source: 'DateTime', offset: null, local: '2019-12-31T23:59:58' });
    expect(parsed!.date.toISOString()).toBe('2019-12-31T23:59:58.000Z');
  });

  it('reads hand-built little- and big-endian blocks, with and without the Exif header', () => {
    for (const littleEndian of [true, false]) {
      for (const header of [true, false]) {
        const block = buildExif({
          littleEndian,
          header,
          ifd0: { 0x0132: '2000:01:01 00:00:00' },
          exif: { 0x9003: '2023:08:15 18:30:00', 0x9011: '-05:30' },
        });
        const parsed = parseExifCaptureTime(block);
        expect(parsed?.source).toBe('DateTimeOriginal');
        expect(parsed?.date.toISOString()).toBe('2023-08-16T00:00:00.000Z');
      }
    }
  });

  it('prefers DateTimeDigitized over DateTime when DateTimeOriginal is unusable', () => {
    const block = buildExif({
      ifd0: { 0x0132: '2000:01:01 00:00:00' },
      exif: { 0x9003: '0000:00:00 00:00:00', 0x9004: '2022:02:02 02:02:02' },
    });
    expect(parseExifCaptureTime(block)).toMatchObject({ source: 'DateTimeDigitized', local: '2022-02-02T02:02:02' });
  });

  it('returns null for missing, empty, garbage or malformed EXIF without throwing', () => {
    expect(parseExifCaptureTime(undefined)).toBeNull();
    expect(parseExifCaptureTime(null)).toBeNull();
    expect(parseExifCaptureTime(Buffer.alloc(0))).toBeNull();
    expect(parseExifCaptureTime(Buffer.from('Exif\0\0not a tiff at all', 'latin1'))).toBeNull();
    expect(parseExifCaptureTime(Buffer.from('II*\0\xff\xff\xff\xff', 'latin1'))).toBeNull(); // IFD0 offset out of range
    expect(parseExifCaptureTime(buildExif({ ifd0: { 0x010f: 'Camera' } }))).toBeNull(); // no date tags
    expect(parseExifCaptureTime(buildExif({ exif: { 0x9003: '2024:02:30 10:00:00' } }))).toBeNull(); // 30 February
    expect(parseExifCaptureTime(buildExif({ exif: { 0x9003: 'yesterday' } }))).toBeNull();

    // Exif IFD pointer pointing back at IFD0 (a loop) and a huge entry count: handled, no hang.
    const loop = buildExif({ ifd0: { 0x0132: '2001:02:03 04:05:06' }, exif: { 0x9003: '2024:01:01 00:00:00' } });
    const tiffStart = 6;
    const ifd0 = tiffStart + loop.readUInt32LE(tiffStart + 4);
    const count = loop.readUInt16LE(ifd0);
    for (let e = 0; e < count; e++) {
      const at = ifd0 + 2 + e * 12;
      if (loop.readUInt16LE(at) === 0x8769) loop.writeUInt32LE(8, at + 8);
    }
    expect(parseExifCaptureTime(loop)).toMatchObject({ source: 'DateTime' });
    const huge = Buffer.from(loop);
    huge.writeUInt16LE(0xffff, ifd0);
    expect(() => parseExifCaptureTime(huge)).not.toThrow();
  });

  it('an invalid offset is ignored rather than failing the date', () => {
    const block = buildExif({ exif: { 0x9003: '2024:01:01 12:00:00', 0x9011: '+25:00' } });
    expect(parseExifCaptureTime(block)).toMatchObject({ offset: null, local: '2024-01-01T12:00:00' });
  });

  it('never throws on truncated or randomly corrupted blocks (seeded fuzz)', () => {
    const valid = buildExif({
      ifd0: { 0x0132: '2000:01:01 00:00:00' },
      exif: { 0x9003: '2023:08:15 18:30:00', 0x9011: '+01:00', 0x9291: '5' },
    });
    for (let len = 0; len <= valid.length; len++) {
      const r = parseExifCaptureTime(valid.subarray(0, len));
      if (r) expect(Number.isNaN(r.date.getTime())).toBe(false);
    }
    const rand = mulberry32(99);
    for (let i = 0; i < 3000; i++) {
      const m = Buffer.from(valid);
      const flips = 1 + Math.floor(rand() * 6);
      for (let k = 0; k < flips; k++) m[Math.floor(rand() * m.length)] = Math.floor(rand() * 256);
      const r = parseExifCaptureTime(m);
      if (r) expect(Number.isNaN(r.date.getTime())).toBe(false);
    }
  });
});

describe('parseExifDateTime', () => {
  it('validates ranges and applies sub-seconds and offsets', () => {
    expect(parseExifDateTime('2024:12:31 23:59:59', '9', '-08:00')?.date.toISOString()).toBe('2025-01-01T07:59:59.900Z');
    expect(parseExifDateTime('2024-06-01 10:00:00')?.local).toBe('2024-06-01T10:00:00');
    expect(parseExifDateTime('2024:13:01 10:00:00')).toBeNull();
    expect(parseExifDateTime('2024:01:01 24:00:00')).toBeNull();
    expect(parseExifDateTime('    :  :     :  :  ')).toBeNull();
    expect(parseExifDateTime('')).toBeNull();
  });
});
