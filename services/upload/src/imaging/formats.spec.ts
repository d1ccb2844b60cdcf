import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ACCEPTED_FORMATS } from './derivative.js';
import { SNIFF_BYTES, UPLOAD_CONTENT_TYPES, UPLOAD_FORMATS, describeBytes, sniffFormat } from './formats.js';

const encoded = (format: 'jpeg' | 'png' | 'webp' | 'gif' | 'tiff' | 'avif') =>
  sharp({ create: { width: 32, height: 24, channels: 3, background: '#808080' } })
    .toFormat(format)
    .toBuffer();

const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

describe('upload formats', () => {
  it.each([
    ['jpeg', 'image/jpeg'],
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['gif', 'image/gif'],
    ['tiff', 'image/tiff'],
    ['avif', 'image/avif'],
  ] as const)('recognises %s by its first bytes, and sharp decodes it as an accepted format', async (format, type) => {
    const bytes = await encoded(format);
    expect(sniffFormat(bytes.subarray(0, SNIFF_BYTES))?.contentType).toBe(type);
    expect(ACCEPTED_FORMATS.has((await sharp(bytes).metadata()).format)).toBe(true);
  });

  it('recognises nothing else: SVG, HTML, text, PDF, HEIC, a JPEG prefix cut short, empty bytes', () => {
    const heic = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypheic\0\0\0\0mif1heic')]);
    for (const [bytes, looks] of [
      [SVG, 'SVG'],
      [Buffer.from('<svg onload="alert(1)"/>'), 'SVG'],
      [Buffer.from('<!DOCTYPE html><html><script>alert(1)</script>'), 'HTML'],
      [Buffer.from('just some text'), 'an unknown format'],
      [Buffer.from('%PDF-1.7\n'), 'PDF'],
      [heic, 'HEIC (not decodable here)'],
      [Buffer.from([0xff, 0xd8]), 'an unknown format'],
      [Buffer.alloc(0), 'an empty file'],
    ] as const) {
      expect(sniffFormat(bytes), looks).toBeNull();
      expect(describeBytes(bytes)).toBe(looks);
    }
  });

  it('lists exactly the formats the decoder accepts, each content type once', () => {
    expect(new Set(UPLOAD_CONTENT_TYPES).size).toBe(UPLOAD_FORMATS.length);
    expect([...ACCEPTED_FORMATS].sort()).toEqual([...new Set(UPLOAD_FORMATS.map((f) => f.decoder))].sort());
    expect(UPLOAD_CONTENT_TYPES).not.toContain('image/svg+xml');
    expect(UPLOAD_CONTENT_TYPES).not.toContain('image/heic');
  });
});
