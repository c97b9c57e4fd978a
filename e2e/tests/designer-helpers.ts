import { expect, type Page } from './fixtures';
import { signIn } from './helpers';

export const DESIGN_PATH = '/bpm/manager/model/design';

export const openDesigner = async (page: Page, query = '') => {
  await signIn(page, 'admin', 'admin123', `${DESIGN_PATH}${query}`);
  await expect(page).toHaveURL(new RegExp(`${DESIGN_PATH}`));
  await expect(page.locator('.djs-palette')).toBeVisible();
  await expect(panel(page).getByText('基本信息')).toBeVisible();
};

export const panel = (page: Page) => page.getByRole('complementary', { name: '属性面板' });
export const canvas = (page: Page) => page.getByTestId('bpmn-canvas');
export const toolbar = (page: Page) => page.getByRole('toolbar', { name: '流程设计工具栏' });

/** Creates a user task from the palette at (x, y) relative to the canvas. */
export const createUserTask = async (page: Page, x = 400, y = 200) => {
  const before = await page.locator('.djs-shape[data-element-id^="Activity_"]').count();
  await page.locator('.djs-palette .entry[data-action="create.user-task"]').click();
  const box = (await canvas(page).boundingBox())!;
  await page.mouse.move(box.x + x - 20, box.y + y - 20);
  await page.mouse.move(box.x + x, box.y + y, { steps: 4 });
  await page.mouse.click(box.x + x, box.y + y);
  await expect(page.locator('.djs-shape[data-element-id^="Activity_"]')).toHaveCount(before + 1);
  const id = await page
    .locator('.djs-shape[data-element-id^="Activity_"]')
    .last()
    .getAttribute('data-element-id');
  return page.locator(`.djs-shape[data-element-id="${id}"]`);
};

/** The diagram XML through the preview dialog. */
export const previewXml = async (page: Page): Promise<string> => {
  await toolbar(page)
    .getByRole('button', { name: /预\s*览/ })
    .hover();
  await page.getByRole('menuitem', { name: '预览 XML' }).click();
  const pre = page.getByTestId('bpmn-preview');
  await expect(pre).toContainText('definitions');
  const text = (await pre.textContent()) ?? '';
  await page.getByRole('dialog').getByRole('button', { name: '关闭' }).click();
  await expect(pre).toBeHidden();
  return text;
};

/** Clicks the middle of a (straight) sequence flow. */
export const clickFlow = async (page: Page, id: string) => {
  const box = (await page
    .locator(`.djs-connection[data-element-id="${id}"] > .djs-visual > path`)
    .first()
    .boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(panel(page)).toHaveAttribute('data-element-id', id);
};
