import { readdirSync, readFileSync } from 'node:fs';
import { randomInt } from 'node:crypto';
import { CAPTCHA_IMAGE } from '@app/contract';
import { PNG } from 'pngjs';

const { width: WIDTH, height: HEIGHT, jigsawWidth: PIECE } = CAPTCHA_IMAGE;
const ASSETS = new URL('../../../assets/captcha/', import.meta.url);

/** The puzzle piece inside its PIECE × PIECE box: a square body, a knob on top and right, a notch left. */
const inPiece = (x: number, y: number): boolean => {
  const knob = 7;
  const body = x >= 1 && x <= 38 && y >= 10 && y <= 46;
  const top = Math.hypot(x - 19.5, y - 10) <= knob;
  const right = Math.hypot(x - 38, y - 28) <= knob;
  const notch = Math.hypot(x - 1, y - 28) <= knob - 1;
  return (body || top || right) && !notch;
};

/** Share of a pixel covered by the piece (4 × 4 samples), for smooth edges. */
const coverage = (px: number, py: number): number => {
  let inside = 0;
  for (let i = 0; i < 4; i++)
    for (let j = 0; j < 4; j++) if (inPiece(px + (i + 0.5) / 4, py + (j + 0.5) / 4)) inside++;
  return inside / 16;
};

/** Coverage of every pixel of the piece box, and which covered pixels lie on its outline. */
const MASK = Array.from({ length: PIECE * PIECE }, (_, i) => coverage(i % PIECE, Math.floor(i / PIECE)));
const isEdge = (x: number, y: number): boolean => {
  if ((MASK[y * PIECE + x] ?? 0) === 0) return false;
  for (const [dx, dy] of [
    [1, 0],
    [-1, 0],
    [0, 1],
    [0, -1],
  ] as const) {
    const nx = x + dx;
    const ny = y + dy;
    if (nx < 0 || ny < 0 || nx >= PIECE || ny >= PIECE || (MASK[ny * PIECE + nx] ?? 0) < 1) return true;
  }
  return false;
};

let backgrounds: PNG[] | null = null;
const loadBackgrounds = (): PNG[] => {
  backgrounds ??= readdirSync(ASSETS)
    .filter((name) => name.endsWith('.png'))
    .sort()
    .map((name) => PNG.sync.read(readFileSync(new URL(name, ASSETS))));
  if (backgrounds.length === 0) throw new Error('验证码底图未找到：assets/captcha/*.png');
  return backgrounds;
};

export interface PuzzleImages {
  /** Left edge of the piece in the background: the answer. */
  x: number;
  originalImageBase64: string;
  jigsawImageBase64: string;
}

/**
 * Cuts the piece out of a random background at a random x (at least 100 px in, as AJ does) and
 * random height: the background gets a darkened hole with a light rim, the piece a full-height
 * transparent strip holding the cut-out at the same height.
 */
export const renderPuzzle = (): PuzzleImages => {
  const pool = loadBackgrounds();
  const source = pool[randomInt(pool.length)]!;
  const x = randomInt(100, WIDTH - PIECE);
  const top = randomInt(5, HEIGHT - PIECE - 5);
  const original = new PNG({ width: WIDTH, height: HEIGHT });
  source.data.copy(original.data);
  const jigsaw = new PNG({ width: PIECE, height: HEIGHT });
  jigsaw.data.fill(0);

  for (let py = 0; py < PIECE; py++) {
    for (let px = 0; px < PIECE; px++) {
      const cover = MASK[py * PIECE + px] ?? 0;
      if (cover === 0) continue;
      const bg = ((top + py) * WIDTH + x + px) * 4;
      const piece = ((top + py) * PIECE + px) * 4;
      const edge = isEdge(px, py);
      for (let c = 0; c < 3; c++) {
        const value = source.data[bg + c] ?? 0;
        jigsaw.data[piece + c] = edge ? Math.round(value * 0.3 + 255 * 0.7) : value;
        // The hole: darkened, with a faint light rim.
        const hole = edge ? value * 0.5 + 255 * 0.35 : value * 0.45;
        original.data[bg + c] = Math.round(value + (hole - value) * cover);
      }
      jigsaw.data[piece + 3] = Math.round(255 * cover);
    }
  }
  // One row filter instead of pngjs trying all five halves the encoding time; the background needs
  // no alpha channel, which makes it a fifth smaller.
  return {
    x,
    originalImageBase64: PNG.sync.write(original, { colorType: 2, filterType: 1 }).toString('base64'),
    jigsawImageBase64: PNG.sync.write(jigsaw, { filterType: 1 }).toString('base64'),
  };
};
