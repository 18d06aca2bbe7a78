import sharp, { type Sharp } from 'sharp';
import { type DrawingKind, drawProjectImage, seededRandom } from '../../server/demo/demo-drawings';

/**
 * The image-quality bench's corpus (bench/image-quality.ts): architecture photographs and drawings made here,
 * the same pixels on every machine, since none can be downloaded. Each starts from a demo drawing
 * (server/demo/demo-drawings.ts) drawn at camera size. A photograph is then made to behave like one for an
 * encoder: softened edges as a lens and demosaicing leave them, surface texture at several scales (plaster,
 * stone, foliage, cloud) stronger in some regions than others, uneven light and a vignette, a colour cast and
 * sensor grain. A drawing stays a line drawing: crisp as exported from CAD, or scanned (paper tone, grain).
 */

/** What the bench's rule counts apart: nine in ten of each must meet the target. */
export type CorpusLook = 'photograph' | 'drawing';

export interface CorpusEntry {
  name: string;
  kind: DrawingKind;
  seed: number;
  look: CorpusLook;
  /** A drawing on paper, scanned, rather than exported. */
  scanned?: boolean;
  /** A photograph taken upright: the middle 2:3 of the landscape frame. */
  portrait?: boolean;
}

const photos = (kind: DrawingKind, seeds: number[], portraitSeeds: number[] = []): CorpusEntry[] =>
  seeds.map((seed) => ({
    name: `${kind}-${seed}`,
    kind,
    seed,
    look: 'photograph',
    portrait: portraitSeeds.includes(seed),
  }));

const drawings = (kind: DrawingKind, seeds: number[], scanned = false): CorpusEntry[] =>
  seeds.map((seed) => ({
    name: `${kind}-${seed}-${scanned ? 'scan' : 'drawing'}`,
    kind,
    seed,
    look: 'drawing',
    scanned,
  }));

/** 16 photographs (elevations, interiors, aerial views of sites) and 8 drawings (plans, site plans). */
export const IMAGE_CORPUS: readonly CorpusEntry[] = [
  ...photos('facade', [101, 102, 103, 104, 105, 106, 107], [106]),
  ...photos('interior', [201, 202, 203, 204, 205], [204, 205]),
  ...photos('site', [301, 302, 303, 304]),
  ...drawings('plan', [401, 402, 403]),
  ...drawings('plan', [404, 405, 406], true),
  ...drawings('site', [407, 408]),
];

/** A camera's 3:2 frame, twice the stored image's 1200×800, so the server scales every one down as it would a photo. */
const CORPUS_WIDTH = 2400;

export interface CorpusImage {
  entry: CorpusEntry;
  width: number;
  height: number;
  /** Raw sRGB, three channels. */
  pixels: Buffer;
}

async function raw(image: Sharp): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await image.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Smooth random relief between 0 and 1: random values on a coarse grid, enlarged with a cubic kernel. `cells`
 * grid cells across; more cells make finer texture.
 */
async function relief(rand: () => number, cells: number, width: number, height: number): Promise<Buffer> {
  const across = Math.max(2, Math.round(cells));
  const down = Math.max(2, Math.round((cells * height) / width));
  const grid = Buffer.from(Array.from({ length: across * down }, () => Math.floor(rand() * 256)));
  const { data } = await raw(
    sharp(grid, { raw: { width: across, height: down, channels: 1 } }).resize(width, height, {
      kernel: 'cubic',
      fit: 'fill',
    }),
  );
  return data;
}

/** Octaves of relief from coarse to fine (grid cells per pixel of width), with their weights. */
const TEXTURE_OCTAVES = [
  { cells: 1 / 100, weight: 0.3 },
  { cells: 1 / 30, weight: 0.25 },
  { cells: 1 / 10, weight: 0.2 },
  { cells: 1 / 4, weight: 0.15 },
  { cells: 1 / 1.5, weight: 0.1 },
];

/**
 * The small things a photograph is full of and a drawing leaves out (stones, leaves, joints, cracks, twigs), as
 * darker and lighter specks and strokes over the 1200×800 drawing, more of them towards the ground.
 */
function sceneDetail(rand: () => number): string {
  const marks: string[] = [];
  for (let index = 0; index < 3000; index += 1) {
    const x = between(rand, 0, 1200).toFixed(1);
    const y = (800 * (1 - rand() ** 1.8)).toFixed(1);
    const paint = `fill="${rand() < 0.55 ? '#000' : '#fff'}" fill-opacity="${between(rand, 0.05, 0.25).toFixed(2)}"`;
    if (rand() < 0.6) {
      marks.push(
        `<ellipse cx="${x}" cy="${y}" rx="${between(rand, 0.6, 4).toFixed(1)}" ry="${between(rand, 0.6, 3).toFixed(1)}" ${paint}/>`,
      );
    } else {
      const angle = between(rand, 0, Math.PI);
      const length = between(rand, 3, 22);
      marks.push(
        `<path d="M${x} ${y} l${(Math.cos(angle) * length).toFixed(1)} ${(Math.sin(angle) * length).toFixed(1)}" stroke="${rand() < 0.6 ? '#000' : '#fff'}" stroke-opacity="${between(rand, 0.05, 0.2).toFixed(2)}" stroke-width="${between(rand, 0.4, 1.6).toFixed(1)}"/>`,
      );
    }
  }
  return marks.join('');
}

/**
 * Sensor grain: `count` numbers of mean 0 and σ 1, near enough normal (each a sum of 12 uniform ones, less 6), read
 * at random from a table of 4096 of them: many times faster than making each, and just as much noise.
 */
function grainOf(rand: () => number, count: number): Float32Array {
  const table = Float32Array.from(
    { length: 4096 },
    () => Array.from({ length: 12 }, () => rand()).reduce((sum, value) => sum + value, 0) - 6,
  );
  const grain = new Float32Array(count);
  for (let index = 0; index < count; index += 2) {
    const bits = Math.floor(rand() * 2 ** 24);
    grain[index] = table[bits & 4095]!;
    grain[index + 1] = table[bits >>> 12]!;
  }
  return grain;
}

/** The photograph's pixels from the drawing's: texture, light, colour cast and grain. */
async function photograph(base: Buffer, width: number, height: number, rand: () => number): Promise<Buffer> {
  const octaves = await Promise.all(TEXTURE_OCTAVES.map(({ cells }) => relief(rand, cells * width, width, height)));
  // Where the texture is strong (foliage, stone) and where it is faint (sky, paint).
  const busy = await relief(rand, width / 160, width, height);
  const cast = [1 + between(rand, -0.06, 0.06), 1, 1 + between(rand, -0.08, 0.08)];
  const light = {
    slope: between(rand, -0.25, 0.25),
    vignette: between(rand, 0.15, 0.3),
    exposure: between(rand, 0.9, 1.05),
  };
  const sigma = between(rand, 2, 5);
  // Per pixel: one grain shared by the channels (luma) and a fainter one per channel (colour noise).
  const grain = grainOf(rand, width * height * 4);
  const out = Buffer.alloc(base.length);
  for (let y = 0, pixel = 0; y < height; y += 1) {
    const dy = y / height - 0.5;
    for (let x = 0; x < width; x += 1, pixel += 1) {
      const dx = x / width - 0.5;
      let texture = 0;
      for (let octave = 0; octave < octaves.length; octave += 1)
        texture += TEXTURE_OCTAVES[octave]!.weight * (octaves[octave]![pixel]! / 127.5 - 1);
      const mask = Math.min(1, Math.max(0, (busy[pixel]! / 255 - 0.4) / 0.25));
      const strength = 0.03 + 0.3 * mask * mask * (3 - 2 * mask);
      const shade =
        light.exposure *
        (1 + light.slope * dx) *
        (1 - light.vignette * (dx * dx + dy * dy) * 2) *
        (1 + strength * texture);
      const noise = sigma * grain[pixel * 4]!;
      for (let channel = 0; channel < 3; channel += 1) {
        const at = pixel * 3 + channel;
        const colourNoise = 0.4 * sigma * grain[pixel * 4 + 1 + channel]!;
        out[at] = Math.max(0, Math.min(255, Math.round(base[at]! * cast[channel]! * shade + noise + colourNoise)));
      }
    }
  }
  return out;
}

/** A scan's pixels from the drawing's: the paper's uneven tone and grain. */
async function scanned(base: Buffer, width: number, height: number, rand: () => number): Promise<Buffer> {
  const paper = await relief(rand, width / 40, width, height);
  const grain = grainOf(rand, width * height);
  const out = Buffer.alloc(base.length);
  for (let pixel = 0; pixel < width * height; pixel += 1) {
    const tone = 0.97 + 0.05 * (paper[pixel]! / 255 - 0.5);
    const noise = 2 * grain[pixel]!;
    for (let channel = 0; channel < 3; channel += 1) {
      const at = pixel * 3 + channel;
      out[at] = Math.max(0, Math.min(255, Math.round(base[at]! * tone + noise)));
    }
  }
  return out;
}

function between(rand: () => number, min: number, max: number): number {
  return min + (max - min) * rand();
}

/** One corpus image at `width` (CORPUS_WIDTH unless smaller for a quick test), its pixels raw. */
export async function drawCorpusImage(entry: CorpusEntry, width = CORPUS_WIDTH): Promise<CorpusImage> {
  const scale = width / 1200;
  const rand = seededRandom(entry.seed * 7919);
  let drawing = drawProjectImage(entry.kind, entry.seed);
  if (entry.look === 'photograph') drawing = drawing.replace(/<\/svg>$/, `${sceneDetail(rand)}</svg>`);
  const rendered = sharp(Buffer.from(drawing), { density: 72 * scale });
  const softness = entry.look === 'photograph' ? 0.5 * scale : entry.scanned ? 0.4 * scale : 0;
  // sharp blurs from σ 0.3: below that, at a test's small size, the edges stay as drawn.
  const base = await raw(softness >= 0.3 ? rendered.blur(softness) : rendered);
  let pixels = base.data;
  if (entry.look === 'photograph') pixels = await photograph(base.data, base.width, base.height, rand);
  else if (entry.scanned) pixels = await scanned(base.data, base.width, base.height, rand);
  if (!entry.portrait) return { entry, width: base.width, height: base.height, pixels };
  const portraitWidth = Math.round((base.height * 2) / 3);
  const cropped = await raw(
    sharp(pixels, { raw: { width: base.width, height: base.height, channels: 3 } }).extract({
      left: Math.round((base.width - portraitWidth) / 2),
      top: 0,
      width: portraitWidth,
      height: base.height,
    }),
  );
  return { entry, width: cropped.width, height: cropped.height, pixels: cropped.data };
}
