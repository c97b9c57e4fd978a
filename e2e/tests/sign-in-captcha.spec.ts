import type { ChildProcess } from 'node:child_process';
import { serverPort } from '../servers';
import { expect, test, type Page } from './fixtures';
import { startServer } from './helpers';

// The shared e2e servers run without the captcha; this spec starts one of its own with it on.
const PORT = serverPort(0) + 9;
const BASE = `http://127.0.0.1:${PORT}`;
let server: ChildProcess;

test.beforeAll(async () => {
  server = await startServer(PORT, { CAPTCHA_ENABLED: 'true' });
});
test.afterAll(() => {
  server.kill();
});

/**
 * Finds the hole the way a person does, from the two pictures the browser shows: the x where the
 * background under the piece's opaque pixels is darkest compared with the piece itself.
 */
const gapOf = (page: Page): Promise<number> =>
  page.evaluate(async () => {
    const pixels = async (alt: string) => {
      const img = document.querySelector<HTMLImageElement>(`img[alt="${alt}"]`)!;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return { width: canvas.width, data: context.getImageData(0, 0, canvas.width, canvas.height).data };
    };
    const background = await pixels('验证码背景图');
    const piece = await pixels('拼图块');
    const light = (d: Uint8ClampedArray, i: number) => d[i]! + d[i + 1]! + d[i + 2]!;
    const opaque: [number, number][] = [];
    for (let i = 0; i < piece.data.length; i += 4)
      if (piece.data[i + 3] === 255) opaque.push([(i / 4) % piece.width, Math.floor(i / 4 / piece.width)]);
    let best = 0;
    let bestScore = -Infinity;
    for (let x = 0; x + piece.width <= background.width; x++) {
      let score = 0;
      for (const [px, py] of opaque)
        score +=
          light(piece.data, (py * piece.width + px) * 4) -
          light(background.data, (py * background.width + x + px) * 4);
      if (score > bestScore) [best, bestScore] = [x, score];
    }
    return best;
  });

/** Drags the slider handle right by `distance` pixels, in small steps like a hand. */
const drag = async (page: Page, distance: number) => {
  const box = (await page.getByRole('slider', { name: /拖动滑块完成拼图/ }).boundingBox())!;
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + distance, y + 2, { steps: 15 });
  await page.mouse.up();
};

test('signs in after solving the slider puzzle; a wrong move is refused with a new puzzle', async ({
  page,
}) => {
  await page.goto(`${BASE}/login`);
  await page.getByRole('textbox', { name: '账号' }).fill('admin');
  await page.getByLabel('密码', { exact: true }).fill('admin123');
  await page.getByRole('button', { name: /登\s*录/ }).click();
  const dialog = page.getByRole('dialog', { name: '请完成安全验证' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('img', { name: '验证码背景图' })).toBeVisible();

  const first = await gapOf(page);
  expect(first).toBeGreaterThanOrEqual(100);
  const background = dialog.getByRole('img', { name: '验证码背景图' });
  const firstSrc = await background.getAttribute('src');
  await drag(page, first > 180 ? first - 60 : first + 60);
  await expect(dialog.getByRole('status')).toHaveText('验证失败');
  await expect(background).not.toHaveAttribute('src', firstSrc!);
  await expect(page.getByRole('slider')).toHaveAttribute('aria-valuenow', '0');

  // The refresh button brings another puzzle too.
  const secondSrc = await background.getAttribute('src');
  await dialog.getByRole('button', { name: '刷新验证码' }).click();
  await expect(background).not.toHaveAttribute('src', secondSrc!);
  await expect(page.getByRole('slider')).toHaveAttribute('aria-disabled', 'false');

  await drag(page, await gapOf(page));
  await expect(dialog.getByRole('status')).toHaveText('验证成功');
  await expect(page).toHaveURL(/\/index$/);
  await expect(dialog).toBeHidden();
});

test('signing in without the puzzle is refused by the server', async ({ request }) => {
  const res = await request.post(`${BASE}/admin-api/system/auth/login`, {
    headers: { 'tenant-id': '1' },
    data: { username: 'admin', password: 'admin123' },
  });
  expect(await res.json()).toMatchObject({
    code: 1_002_000_004,
    msg: '验证码不正确，原因：二次校验参数不能为空',
  });
});
