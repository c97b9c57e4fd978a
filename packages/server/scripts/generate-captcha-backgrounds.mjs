// Writes the captcha background pictures (310 × 155 PNG) to assets/captcha/: soft diagonal
// gradients with translucent discs and a wave band, from a fixed seed so reruns give the same files.
// Run: node packages/server/scripts/generate-captcha-backgrounds.mjs
import { mkdirSync, writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

const WIDTH = 310;
const HEIGHT = 155;
const outDir = new URL('../assets/captcha/', import.meta.url);

let seed = 20240611;
const random = () => {
  seed = (seed * 1664525 + 1013904223) >>> 0;
  return seed / 2 ** 32;
};

const PALETTES = [
  [
    [38, 83, 160],
    [102, 189, 207],
    [250, 214, 137],
  ],
  [
    [64, 43, 110],
    [214, 102, 140],
    [255, 190, 150],
  ],
  [
    [22, 98, 82],
    [131, 196, 120],
    [238, 232, 170],
  ],
  [
    [140, 52, 40],
    [230, 140, 70],
    [250, 220, 160],
  ],
  [
    [30, 45, 70],
    [70, 130, 180],
    [200, 225, 240],
  ],
  [
    [80, 60, 120],
    [90, 160, 200],
    [180, 235, 210],
  ],
];

const mix = (a, b, t) => a.map((v, i) => v + (b[i] - v) * t);

const paint = ([dark, mid, light]) => {
  const png = new PNG({ width: WIDTH, height: HEIGHT });
  const angle = random() * Math.PI;
  const discs = Array.from({ length: 9 }, () => ({
    x: random() * WIDTH,
    y: random() * HEIGHT,
    r: 12 + random() * 45,
    color: random() < 0.5 ? light : mid,
    alpha: 0.18 + random() * 0.3,
  }));
  const wave = { phase: random() * Math.PI * 2, freq: 0.015 + random() * 0.02, base: 60 + random() * 50 };
  for (let y = 0; y < HEIGHT; y++) {
    for (let x = 0; x < WIDTH; x++) {
      const t = ((x / WIDTH) * Math.cos(angle) + (y / HEIGHT) * Math.sin(angle) + 1) / 2.4;
      let color = t < 0.5 ? mix(dark, mid, t * 2) : mix(mid, light, (t - 0.5) * 2);
      for (const d of discs) {
        const dist = Math.hypot(x - d.x, y - d.y);
        if (dist < d.r) color = mix(color, d.color, d.alpha * Math.min(1, (d.r - dist) / 3));
      }
      const waveY = wave.base + Math.sin(x * wave.freq + wave.phase) * 18;
      if (y > waveY) color = mix(color, dark, 0.25);
      // A little grain keeps the hole's edges visible on flat areas.
      const grain = (random() - 0.5) * 4;
      const i = (y * WIDTH + x) * 4;
      png.data[i] = Math.max(0, Math.min(255, Math.round(color[0] + grain)));
      png.data[i + 1] = Math.max(0, Math.min(255, Math.round(color[1] + grain)));
      png.data[i + 2] = Math.max(0, Math.min(255, Math.round(color[2] + grain)));
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
};

mkdirSync(outDir, { recursive: true });
PALETTES.forEach((palette, index) => {
  writeFileSync(new URL(`bg-${index + 1}.png`, outDir), paint(palette));
});
console.info(`已生成 ${PALETTES.length} 张验证码背景图`);
