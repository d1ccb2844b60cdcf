/**
 * A small, defensive EXIF (TIFF IFD) reader for the capture time only.
 *
 * sharp hands us `metadata().exif` as the raw APP1 payload: usually the 6-byte `Exif\0\0` header followed by
 * a TIFF structure (byte order `II`/`MM`, magic 42, offset of IFD0). We read:
 *   - IFD0 0x0132 DateTime (last modification, the weakest source) and 0x8769 (pointer to the Exif sub-IFD);
 *   - Exif IFD 0x9003 DateTimeOriginal (preferred), 0x9004 DateTimeDigitized, their OffsetTime* tags
 *     (0x9011 / 0x9012 / 0x9010) and SubSecTime* tags (0x9291 / 0x9292 / 0x9290).
 *
 * Uploads are untrusted: every read is bounds-checked, entry counts are capped, only one pointer is followed
 * (no loops), and any malformation yields `null` instead of an exception.
 *
 * EXIF date-times are wall-clock local times. With an OffsetTime* tag the instant is exact; without one the
 * wall-clock time is interpreted as UTC (`offset: null` tells the caller so). For culling only differences
 * between frames of one camera matter, which that interpretation preserves.
 */

export type CaptureTimeSource = 'DateTimeOriginal' | 'DateTimeDigitized' | 'DateTime';

export interface ExifCaptureTime {
  /** The instant; wall-clock time taken as UTC when `offset` is null. */
  date: Date;
  /** The wall-clock time as written by the camera, normalised to `YYYY-MM-DDTHH:mm:ss[.sss]`. */
  local: string;
  /** `+HH:MM` / `-HH:MM` from the matching OffsetTime* tag, or null when absent/invalid. */
  offset: string | null;
  source: CaptureTimeSource;
}

const TAG_DATETIME = 0x0132;
const TAG_EXIF_IFD = 0x8769;
const TAG_DATETIME_ORIGINAL = 0x9003;
const TAG_DATETIME_DIGITIZED = 0x9004;
const TAG_OFFSET_TIME = 0x9010;
const TAG_OFFSET_TIME_ORIGINAL = 0x9011;
const TAG_OFFSET_TIME_DIGITIZED = 0x9012;
const TAG_SUBSEC_TIME = 0x9290;
const TAG_SUBSEC_TIME_ORIGINAL = 0x9291;
const TAG_SUBSEC_TIME_DIGITIZED = 0x9292;

/** Bytes per component for TIFF field types 1..12; unknown types are skipped. */
const TYPE_SIZE: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
const MAX_ENTRIES = 1000;
const MAX_STRING = 64;

class TiffView {
  private readonly view: DataView;
  constructor(
    readonly bytes: Uint8Array,
    private readonly little: boolean,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }
  get length(): number {
    return this.bytes.byteLength;
  }
  u16(off: number): number | null {
    return off >= 0 && off + 2 <= this.length ? this.view.getUint16(off, this.little) : null;
  }
  u32(off: number): number | null {
    return off >= 0 && off + 4 <= this.length ? this.view.getUint32(off, this.little) : null;
  }
}

/** Raw tag values we care about, read from one IFD: tag -> string (ASCII fields) or number (LONG pointers). */
function readIfd(tiff: TiffView, ifdOffset: number, wanted: ReadonlySet<number>): Map<number, string | number> {
  const out = new Map<number, string | number>();
  const count = tiff.u16(ifdOffset);
  if (count === null) return out;
  const n = Math.min(count, MAX_ENTRIES);
  for (let i = 0; i < n; i++) {
    const entry = ifdOffset + 2 + i * 12;
    if (entry + 12 > tiff.length) break; // truncated IFD: keep what we have
    const tag = tiff.u16(entry)!;
    if (!wanted.has(tag) || out.has(tag)) continue;
    const type = tiff.u16(entry + 2)!;
    const components = tiff.u32(entry + 4)!;
    const size = TYPE_SIZE[type];
    if (size === undefined) continue;
    if (type === 4 || type === 13) {
      // LONG / IFD pointer (only used for 0x8769)
      if (components >= 1) out.set(tag, tiff.u32(entry + 8)!);
      continue;
    }
    if (type !== 2 && type !== 7 && type !== 1) continue; // date strings are ASCII (some writers use UNDEFINED/BYTE)
    const total = size * components;
    if (total === 0 || total > 4096) continue;
    const dataOff = total <= 4 ? entry + 8 : tiff.u32(entry + 8)!;
    if (dataOff < 0 || dataOff + Math.min(total, MAX_STRING) > tiff.length) continue;
    let s = '';
    const end = dataOff + Math.min(total, MAX_STRING);
    for (let p = dataOff; p < end; p++) {
      const c = tiff.bytes[p]!;
      if (c === 0) break;
      s += String.fromCharCode(c);
    }
    out.set(tag, s.trim());
  }
  return out;
}

function locateTiff(exif: Uint8Array): TiffView | null {
  let start = 0;
  // "Exif\0\0" APP1 identifier (sharp includes it); tolerate a bare TIFF stream as well.
  if (exif.length >= 6 && exif[0] === 0x45 && exif[1] === 0x78 && exif[2] === 0x69 && exif[3] === 0x66) start = 6;
  const tiffBytes = exif.subarray(start);
  if (tiffBytes.length < 8) return null;
  const b0 = tiffBytes[0];
  const b1 = tiffBytes[1];
  let little: boolean;
  if (b0 === 0x49 && b1 === 0x49) little = true;
  else if (b0 === 0x4d && b1 === 0x4d) little = false;
  else return null;
  const tiff = new TiffView(tiffBytes, little);
  if (tiff.u16(2) !== 42) return null;
  return tiff;
}

const DATE_RE = /^(\d{4})[:\-/](\d{2})[:\-/](\d{2})[ T](\d{2}):(\d{2}):(\d{2})/;
const OFFSET_RE = /^([+-])(\d{2}):(\d{2})$/;

function pad(n: number, w = 2): string {
  return String(n).padStart(w, '0');
}

/** Parses an EXIF date-time (`YYYY:MM:DD HH:MM:SS`) plus optional sub-seconds and offset. Null when invalid. */
export function parseExifDateTime(
  value: string | undefined,
  subsec?: string,
  offset?: string,
): { date: Date; local: string; offset: string | null } | null {
  if (!value) return null;
  const m = DATE_RE.exec(value.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (year < 1800 || year > 2200 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  let ms = 0;
  let msText = '';
  if (subsec && /^\d+$/.test(subsec.trim())) {
    const digits = subsec.trim().slice(0, 3).padEnd(3, '0');
    ms = Number(digits);
    msText = `.${digits}`;
  }
  let offsetText: string | null = null;
  let offsetMinutes = 0;
  const om = offset ? OFFSET_RE.exec(offset.trim()) : null;
  if (om) {
    const h = Number(om[2]);
    const mi = Number(om[3]);
    if (h <= 14 && mi <= 59) {
      offsetMinutes = (om[1] === '-' ? -1 : 1) * (h * 60 + mi);
      offsetText = `${om[1]}${om[2]}:${om[3]}`;
    }
  }
  const utc = Date.UTC(year, month - 1, day, hour, minute, second, ms) - offsetMinutes * 60_000;
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) return null;
  const local = `${pad(year, 4)}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${msText}`;
  return { date, local, offset: offsetText };
}

const IFD0_TAGS = new Set([TAG_DATETIME, TAG_EXIF_IFD]);
const EXIF_TAGS = new Set([
  TAG_DATETIME_ORIGINAL,
  TAG_DATETIME_DIGITIZED,
  TAG_OFFSET_TIME,
  TAG_OFFSET_TIME_ORIGINAL,
  TAG_OFFSET_TIME_DIGITIZED,
  TAG_SUBSEC_TIME,
  TAG_SUBSEC_TIME_ORIGINAL,
  TAG_SUBSEC_TIME_DIGITIZED,
]);

function str(map: Map<number, string | number>, tag: number): string | undefined {
  const v = map.get(tag);
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

/**
 * Capture time from a raw EXIF block (as given by sharp's `metadata().exif`), or null when absent or malformed.
 * Preference: DateTimeOriginal (0x9003) > DateTimeDigitized (0x9004) > IFD0 DateTime (0x0132), each with its
 * own OffsetTime* / SubSecTime* companion. Never throws.
 */
export function parseExifCaptureTime(exif: Uint8Array | null | undefined): ExifCaptureTime | null {
  try {
    if (!exif || exif.length < 8) return null;
    const tiff = locateTiff(exif);
    if (!tiff) return null;
    const ifd0Offset = tiff.u32(4);
    if (ifd0Offset === null || ifd0Offset < 8) return null;
    const ifd0 = readIfd(tiff, ifd0Offset, IFD0_TAGS);
    let exifIfd = new Map<number, string | number>();
    const ptr = ifd0.get(TAG_EXIF_IFD);
    if (typeof ptr === 'number' && ptr >= 8 && ptr !== ifd0Offset && ptr < tiff.length) {
      exifIfd = readIfd(tiff, ptr, EXIF_TAGS);
    }
    const candidates: [CaptureTimeSource, string | undefined, string | undefined, string | undefined][] = [
      [
        'DateTimeOriginal',
        str(exifIfd, TAG_DATETIME_ORIGINAL),
        str(exifIfd, TAG_SUBSEC_TIME_ORIGINAL),
        str(exifIfd, TAG_OFFSET_TIME_ORIGINAL),
      ],
      [
        'DateTimeDigitized',
        str(exifIfd, TAG_DATETIME_DIGITIZED),
        str(exifIfd, TAG_SUBSEC_TIME_DIGITIZED),
        str(exifIfd, TAG_OFFSET_TIME_DIGITIZED),
      ],
      ['DateTime', str(ifd0, TAG_DATETIME), str(exifIfd, TAG_SUBSEC_TIME), str(exifIfd, TAG_OFFSET_TIME)],
    ];
    for (const [source, value, subsec, offset] of candidates) {
      const parsed = parseExifDateTime(value, subsec, offset);
      if (parsed) return { ...parsed, source };
    }
    return null;
  } catch {
    return null;
  }
}
