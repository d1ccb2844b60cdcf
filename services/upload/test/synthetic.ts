/**
 * Reproducible synthetic "photo shoot" for the cull tests and benchmarks: no downloaded data.
 *
 * Each scene is rendered on a canvas slightly larger than the frame (so bursts can shift the framing) from SVG
 * shapes, gradients and smooth value-noise textures driven by a seeded PRNG. Variants imitate what a camera
 * produces: the sharp original, re-framed burst frames a second or two apart, defocused copies (Gaussian blur),
 * over- and under-exposed copies. Sensor noise is added AFTER blur/exposure (as in a camera, where noise arises
 * at the sensor), so blurred frames are not unrealistically clean. Frames are JPEG-encoded with an EXIF
 * DateTimeOriginal (written by sharp's withExif) unless the scene is one "without capture time".
 */
import sharp from 'sharp';
import { mulberry32 } from '@studio/testkit/random';

export type VariantKind = 'original' | 'burst' | 'blurred' | 'overexposed' | 'underexposed';

export interface SyntheticPhoto {
  id: string;
  scene: number;
  kind: VariantKind;
  /** Expected cull outcome: keeper for originals, the rest rejects (bursts: one keeper per burst family). */
  expected: 'keeper' | 'reject';
  expectedReason: 'blurry' | 'underexposed' | 'overexposed' | 'duplicate' | null;
  /** Capture time written into EXIF (null: no EXIF written). */
  captureTime: Date | null;
  jpeg: Buffer;
}

export interface ShootOptions {
  scenes?: number;
  width?: number;
  height?: number;
  seed?: number;
  /** Every n-th scene carries no EXIF capture time (default 5; 0 = all have times). */
  noTimeEvery?: number;
  jpegQuality?: number;
}

const rgb = (r: () => number, lo = 30, hi = 225) => {
  const c = () => Math.round(lo + r() * (hi - lo));
  return `rgb(${c()},${c()},${c()})`;
};

/** SVG markup for scene `i`: five families of content, all with random parameters. */
function sceneSvg(i: number, w: number, h: number, r: () => number): string {
  const parts: string[] = [];
  const kind = i % 5;
  parts.push(
    `<defs><linearGradient id="g" x1="0" y1="0" x2="${r().toFixed(2)}" y2="1"><stop offset="0" stop-color="${rgb(r, 60, 200)}"/><stop offset="1" stop-color="${rgb(r, 40, 180)}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)" fill-opacity="${kind === 2 ? 0.35 : 0.8}"/>`,
  );
  if (kind === 0) {
    // random overlapping shapes
    for (let k = 0; k < 40; k++) {
      const x = r() * w;
      const y = r() * h;
      const s = 20 + r() * 160;
      const shape = k % 3;
      if (shape === 0) parts.push(`<circle cx="${x}" cy="${y}" r="${s / 2}" fill="${rgb(r)}" fill-opacity="${0.5 + r() * 0.5}"/>`);
      else if (shape === 1)
        parts.push(
          `<rect x="${x}" y="${y}" width="${s}" height="${s * (0.3 + r())}" fill="${rgb(r)}" transform="rotate(${r() * 90} ${x} ${y})"/>`,
        );
      else parts.push(`<polygon points="${x},${y} ${x + s},${y + r() * s} ${x + r() * s},${y + s}" fill="${rgb(r)}"/>`);
    }
  } else if (kind === 1) {
    // "landscape": sky, hills, trees (vertical strokes), a sun
    parts.push(`<circle cx="${r() * w}" cy="${h * 0.2}" r="${30 + r() * 40}" fill="rgb(240,220,150)"/>`);
    for (let layer = 0; layer < 3; layer++) {
      let pts = `0,${h}`;
      for (let x = 0; x <= w; x += w / 12) pts += ` ${x.toFixed(0)},${(h * (0.45 + layer * 0.15) + (r() - 0.5) * h * 0.2).toFixed(0)}`;
      pts += ` ${w},${h}`;
      parts.push(`<polygon points="${pts}" fill="${rgb(r, 20, 160)}"/>`);
    }
    for (let k = 0; k < 60; k++) {
      const x = r() * w;
      const y = h * (0.5 + r() * 0.45);
      parts.push(
        `<line x1="${x}" y1="${y}" x2="${x + (r() - 0.5) * 10}" y2="${y - 20 - r() * 60}" stroke="${rgb(r, 10, 120)}" stroke-width="${1 + r() * 4}"/>`,
      );
    }
  } else if (kind === 2) {
    // texture-dominated: the value-noise layer (added separately) plus a few sharp outlines
    for (let k = 0; k < 12; k++) {
      parts.push(
        `<ellipse cx="${r() * w}" cy="${r() * h}" rx="${20 + r() * 120}" ry="${20 + r() * 80}" fill="none" stroke="${rgb(r)}" stroke-width="${2 + r() * 6}"/>`,
      );
    }
  } else if (kind === 3) {
    // "document": text-like lines of small blocks on a light card
    const cx = w * (0.1 + r() * 0.1);
    const cy = h * (0.08 + r() * 0.1);
    parts.push(`<rect x="${cx}" y="${cy}" width="${w * 0.7}" height="${h * 0.8}" fill="rgb(235,232,225)"/>`);
    for (let line = 0; line < 22; line++) {
      let x = cx + 30;
      const y = cy + 30 + line * 26;
      while (x < cx + w * 0.7 - 60) {
        const word = 10 + r() * 50;
        parts.push(
          `<rect x="${x.toFixed(1)}" y="${y}" width="${word.toFixed(1)}" height="${8 + Math.round(r() * 4)}" fill="rgb(40,40,50)"/>`,
        );
        x += word + 8;
      }
    }
  } else {
    // architecture: rows of windows and a few diagonal beams
    for (let k = 0; k < 6; k++) {
      const bx = r() * w * 0.9;
      const bw = 80 + r() * 200;
      const by = h * (0.2 + r() * 0.4);
      const fill = rgb(r, 60, 200);
      parts.push(`<rect x="${bx}" y="${by}" width="${bw}" height="${h - by}" fill="${fill}"/>`);
      for (let wy = by + 15; wy < h - 20; wy += 28) {
        for (let wx = bx + 10; wx < bx + bw - 20; wx += 24)
          parts.push(`<rect x="${wx}" y="${wy}" width="12" height="16" fill="rgb(30,40,60)"/>`);
      }
    }
    for (let k = 0; k < 4; k++) {
      parts.push(`<line x1="${r() * w}" y1="0" x2="${r() * w}" y2="${h}" stroke="${rgb(r)}" stroke-width="${3 + r() * 5}"/>`);
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}">${parts.join('')}</svg>`;
}

/** Smooth value noise: a random grid (values lo..hi) upsampled by sharp (bicubic) to an RGB raw layer. */
async function valueNoise(w: number, h: number, cell: number, lo: number, hi: number, r: () => number): Promise<Buffer> {
  const gw = Math.max(2, Math.ceil(w / cell));
  const gh = Math.max(2, Math.ceil(h / cell));
  const grid = Buffer.alloc(gw * gh * 3);
  for (let i = 0; i < grid.length; i++) grid[i] = Math.round(lo + r() * (hi - lo));
  return sharp(grid, { raw: { width: gw, height: gh, channels: 3 } })
    .resize(w, h, { fit: 'fill', kernel: 'cubic' })
    .raw()
    .toBuffer();
}

/**
 * Renders scene `i` into an RGB raw canvas: coarse value noise (light and shade), a fine texture (foliage, fabric)
 * blended with "overlay" at a per-scene strength (some scenes stay smooth), then the SVG content on top. The fine
 * texture is generated once per shoot and varied per scene by mirroring, which keeps generation fast.
 */
async function renderScene(i: number, w: number, h: number, seed: number, fineTexture: Buffer): Promise<Buffer> {
  const r = mulberry32(seed * 1000 + i);
  const coarse = await valueNoise(w, h, 40 + Math.floor(r() * 120), 40, 220, r);
  const amp = [0.1, 0.3, 0.5, 0.8][Math.floor(r() * 4)]!;
  let fine = sharp(fineTexture, { raw: { width: w, height: h, channels: 3 } }).linear(amp, 128 * (1 - amp));
  if (i % 2) fine = fine.flop();
  if ((i >> 1) % 2) fine = fine.flip();
  const fineLayer = await fine.raw().toBuffer();
  const svg = Buffer.from(sceneSvg(i, w, h, r));
  return sharp(coarse, { raw: { width: w, height: h, channels: 3 } })
    .composite([
      { input: fineLayer, raw: { width: w, height: h, channels: 3 }, blend: 'overlay' },
      { input: svg, blend: 'over' },
    ])
    .removeAlpha()
    .raw()
    .toBuffer();
}

/** Gaussian-ish sensor noise table (sum of 3 uniforms), reused with per-frame offsets. */
function noiseTable(size: number, sigma: number, seed: number): Int8Array {
  const r = mulberry32(seed);
  const t = new Int8Array(size);
  for (let i = 0; i < size; i++) t[i] = Math.round((r() + r() + r() - 1.5) * 2 * sigma);
  return t;
}

function addNoise(raw: Buffer, table: Int8Array, offset: number): Buffer {
  const out = Buffer.allocUnsafe(raw.length);
  const n = table.length;
  let j = offset % n;
  for (let i = 0; i < raw.length; i++) {
    const v = raw[i]! + table[j]!;
    out[i] = v < 0 ? 0 : Math.min(v, 255);
    if (++j === n) j = 0;
  }
  return out;
}

function exifDate(d: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getUTCFullYear()}:${p(d.getUTCMonth() + 1)}:${p(d.getUTCDate())} ${p(d.getUTCHours())}:${p(d.getUTCMinutes())}:${p(d.getUTCSeconds())}`;
}

interface VariantSpec {
  kind: VariantKind;
  /** seconds after the scene start */
  t: number;
  /** window offset (px) inside the canvas, relative to the centred window */
  dx?: number;
  dy?: number;
  /** crop scale < 1: take a smaller window and resize it back to the frame size */
  crop?: number;
  blur?: number;
  linear?: [number, number];
}

/**
 * Builds the shoot. Per scene: original, 3 burst frames (1-3 % shifts / crops), 2 blurred copies (one inside the
 * burst's time window, one isolated), 1 over-exposed, 1 under-exposed. 20 scenes -> 160 photos.
 */
export async function makeSyntheticShoot(options: ShootOptions = {}): Promise<SyntheticPhoto[]> {
  const scenes = options.scenes ?? 20;
  const W = options.width ?? 1200;
  const H = options.height ?? 800;
  const seed = options.seed ?? 7;
  const noTimeEvery = options.noTimeEvery ?? 5;
  const quality = options.jpegQuality ?? 90;
  const margin = Math.round(W * 0.04);
  const CW = W + 2 * margin;
  const CH = H + 2 * margin;
  const noise = noiseTable(1 << 20, 2.5, seed);
  const start = Date.UTC(2024, 5, 1, 14, 0, 0);
  const fineTexture = await valueNoise(CW, CH, 4, 38, 218, mulberry32(seed ^ 0x5eed));

  const makeScene = async (s: number): Promise<SyntheticPhoto[]> => {
    const r = mulberry32(seed * 7919 + s);
    const canvas = await renderScene(s, CW, CH, seed, fineTexture);
    const sceneStart = new Date(start + s * 180_000);
    const hasTime = !(noTimeEvery > 0 && s % noTimeEvery === noTimeEvery - 1);
    const shift = () => Math.round((r() < 0.5 ? -1 : 1) * W * (0.01 + r() * 0.02));
    const specs: VariantSpec[] = [
      { kind: 'original', t: 0 },
      { kind: 'burst', t: 0.4, dx: shift(), dy: Math.round(shift() / 2) },
      { kind: 'burst', t: 0.8, crop: 0.97 + r() * 0.02 },
      { kind: 'burst', t: 1.5, dx: shift(), dy: 0 },
      { kind: 'blurred', t: 3, blur: 3 + r() * 3 },
      { kind: 'blurred', t: 45, blur: 3 + r() * 3, dx: shift() },
      { kind: 'overexposed', t: 6, linear: [2.2 + r() * 0.8, 40 + r() * 50] },
      { kind: 'underexposed', t: 90, linear: [0.12 + r() * 0.1, -4] },
    ];
    const photos = await Promise.all(
      specs.map(async (spec, v): Promise<SyntheticPhoto> => {
        const crop = spec.crop ?? 1;
        const ww = Math.round(W * crop);
        const wh = Math.round(H * crop);
        const left = Math.min(CW - ww, Math.max(0, Math.round((CW - ww) / 2) + (spec.dx ?? 0)));
        const top = Math.min(CH - wh, Math.max(0, Math.round((CH - wh) / 2) + (spec.dy ?? 0)));
        let p = sharp(canvas, { raw: { width: CW, height: CH, channels: 3 } }).extract({ left, top, width: ww, height: wh });
        if (crop !== 1) p = sharp(await p.raw().toBuffer(), { raw: { width: ww, height: wh, channels: 3 } }).resize(W, H, { fit: 'fill' });
        if (spec.blur) p = p.blur(spec.blur);
        if (spec.linear) p = p.linear(spec.linear[0], spec.linear[1]);
        const clean = await p.raw().toBuffer();
        const noisy = addNoise(clean, noise, (s * 131 + v * 977) * 4099);
        const captureTime = hasTime ? new Date(sceneStart.getTime() + spec.t * 1000) : null;
        let enc = sharp(noisy, { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality });
        if (captureTime) {
          const subsec = String(Math.floor((captureTime.getTime() % 1000) / 10)).padStart(2, '0');
          enc = enc.withExif({ IFD2: { DateTimeOriginal: exifDate(captureTime), SubSecTimeOriginal: subsec } });
        }
        const jpeg = await enc.toBuffer();
        const expectedReason =
          spec.kind === 'original' ? null : spec.kind === 'burst' ? 'duplicate' : spec.kind === 'blurred' ? 'blurry' : spec.kind;
        return {
          id: `s${String(s).padStart(2, '0')}-${v}-${spec.kind}`,
          scene: s,
          kind: spec.kind,
          expected: spec.kind === 'original' ? 'keeper' : 'reject',
          expectedReason,
          captureTime,
          jpeg,
        };
      }),
    );
    return photos;
  };

  // Two scenes at a time: sharp work of one overlaps the JS noise pass of the other.
  const out: SyntheticPhoto[] = [];
  for (let s = 0; s < scenes; s += 2) {
    const batch = await Promise.all([s, s + 1].filter((k) => k < scenes).map(makeScene));
    for (const photos of batch) out.push(...photos);
  }
  return out;
}
