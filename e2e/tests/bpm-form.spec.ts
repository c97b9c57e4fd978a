import { expect, test, type Page } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';
import { confirmDialog, dialog, OK, rowOf } from './bpm-manage-helpers';

const designer = (page: Page) => page.getByTestId('form-designer').and(page.locator(':visible'));
const canvasFields = (page: Page) => designer(page).locator('.fjs-form .fjs-element .fjs-form-field');
const panel = (page: Page) => designer(page).locator('.fjs-properties-panel');

/** Adds a field of `type` from the palette with the keyboard (Enter appends it to the form). */
const addByKeyboard = async (page: Page, type: string) => {
  const before = await canvasFields(page).count();
  await designer(page).locator(`.fjs-palette-field[data-field-type="${type}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(canvasFields(page)).toHaveCount(before + 1);
};

/** Selects the canvas field labelled `label` and returns the properties panel. */
const select = async (page: Page, label: string) => {
  await canvasFields(page)
    .filter({ hasText: label })
    .first()
    .click({ position: { x: 4, y: 4 } });
  await expect(panel(page).locator('.bio-properties-panel-header-label')).toHaveText(label);
  return panel(page);
};

/** Opens a properties-panel group (the panel keeps it open for the next fields). */
const openGroup = async (page: Page, title: string) => {
  const header = panel(page).locator('.bio-properties-panel-group-header').filter({ hasText: title });
  if (!(await header.evaluate((h) => h.classList.contains('open')))) await header.click();
};

/** Types into a properties-panel entry (plain inputs and the FEEL-capable editors alike). */
const setEntry = async (page: Page, entryId: string, value: string) => {
  const entry = panel(page).locator(`[data-entry-id="${entryId}"]`);
  const box = entry.locator('input, textarea, [contenteditable="true"]').first();
  await box.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(value);
  await page.keyboard.press('Tab');
};

test('forms: design with several field types, save, preview, edit and delete', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, 'admin', 'admin123', '/bpm/manager/form');
  await expect(page.getByText('暂无流程表单')).toBeVisible();
  await page.getByRole('button', { name: '新增' }).click();
  await expect(page).toHaveURL('/bpm/manager/form/edit');
  await expect(designer(page).getByText('设计表单')).toBeVisible();
  await expect(designer(page).locator('.fjs-palette-group-title')).toHaveText(['输入', '选择']);

  // One field dragged from the palette, the others added with the keyboard.
  await designer(page)
    .locator('.fjs-palette-field[data-field-type="textfield"]')
    .dragTo(designer(page).locator('.fjs-form .fjs-drop-container-vertical').first());
  await expect(canvasFields(page)).toHaveCount(1);
  for (const type of ['textarea', 'number', 'select', 'daterange', 'switch', 'richtext'])
    await addByKeyboard(page, type);

  await select(page, '单行文本');
  await openGroup(page, '基本');
  await setEntry(page, 'label', '请假原因');
  await expect(panel(page).locator('.bio-properties-panel-header-label')).toHaveText('请假原因');
  await setEntry(page, 'key', 'reason');
  await openGroup(page, '校验规则');
  await panel(page).locator('[data-entry-id="required"] input').check({ force: true });
  await select(page, '日期范围');
  await setEntry(page, 'key', 'period');
  await select(page, '数字');
  await setEntry(page, 'key', 'days');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-form-designer.png` });

  // The preview validates like the start page will.
  await page.getByRole('button', { name: '预览' }).click();
  const preview = dialog(page, '表单预览');
  await preview.getByRole('button', { name: /校\s*验/ }).click();
  await expect(preview.getByText('此项为必填项')).toBeVisible();
  await preview.getByLabel('请假原因').fill('探亲');
  await preview.getByLabel('开始日期').fill('2026-03-02');
  await preview.getByLabel('结束日期').fill('2026-03-04');
  await preview.getByRole('switch', { name: '开关' }).click();
  await page.screenshot({ path: `${SCREENSHOTS}bpm-form-preview.png` });
  await preview.getByRole('button', { name: /校\s*验/ }).click();
  const values = page.locator('.ant-modal-confirm:visible');
  await expect(values).toContainText('"reason": "探亲"');
  await expect(values).toContainText('"2026-03-04"');
  await values.getByRole('button', { name: OK }).click();
  await preview.getByRole('button', { name: '关闭' }).click();

  await page.getByRole('button', { name: /保\s*存/ }).click();
  const save = dialog(page, '保存表单');
  await save.getByRole('button', { name: OK }).click();
  await expect(save).toContainText('表单名不能为空');
  await save.getByLabel('表单名').fill('E2E请假表单');
  await save.getByLabel('备注').fill('端到端测试');
  await save.getByRole('button', { name: OK }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(page).toHaveURL('/bpm/manager/form');
  await expect(rowOf(page, 'E2E请假表单')).toContainText('端到端测试');
  await expect(rowOf(page, 'E2E请假表单')).toContainText('开启');
  await page.screenshot({ path: `${SCREENSHOTS}bpm-form-list.png` });

  await rowOf(page, 'E2E请假表单').getByRole('button', { name: '详情' }).click();
  const detail = dialog(page, '表单详情');
  await expect(detail.getByLabel('请假原因')).toHaveAttribute('readonly', '');
  await expect(detail.getByRole('switch', { name: '开关' })).toBeVisible();
  await expect(detail.getByRole('button', { name: /提\s*交/ })).toHaveCount(0);
  await page.screenshot({ path: `${SCREENSHOTS}bpm-form-detail.png` });
  await detail.getByRole('button', { name: '关闭' }).click();

  await rowOf(page, 'E2E请假表单').getByRole('button', { name: '修改' }).click();
  await expect(page).toHaveURL(/\/bpm\/manager\/form\/edit\?formId=\d+$/);
  await expect(canvasFields(page)).toHaveCount(7);
  await addByKeyboard(page, 'checkbox');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog(page, '保存表单').getByLabel('表单名')).toHaveValue('E2E请假表单');
  await dialog(page, '保存表单').getByText('关闭', { exact: true }).click();
  await dialog(page, '保存表单').getByRole('button', { name: OK }).click();
  await expect(page.getByText('保存成功').first()).toBeVisible();
  await expect(rowOf(page, 'E2E请假表单')).toContainText('关闭');
  await rowOf(page, 'E2E请假表单').getByRole('button', { name: '详情' }).click();
  await expect(dialog(page, '表单详情').getByLabel('复选框')).toBeVisible();
  await dialog(page, '表单详情').getByRole('button', { name: '关闭' }).click();

  await rowOf(page, 'E2E请假表单').getByRole('button', { name: '删除' }).click();
  await expect(confirmDialog(page)).toContainText('是否确认删除工作表单的编号为');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(page.getByText('暂无流程表单')).toBeVisible();
});

test('the form designer refuses to save an empty form or one with a repeated field name', async ({
  page,
}) => {
  await signIn(page, 'admin', 'admin123', '/bpm/manager/form/edit');
  await page.getByRole('button', { name: /保\s*存/ }).click();
  await expect(page.getByText('请至少添加一个表单项')).toBeVisible();
  await addByKeyboard(page, 'textfield');
  await addByKeyboard(page, 'number');
  await select(page, '数字');
  await openGroup(page, '基本');
  const firstKey = await panel(page).locator('[data-entry-id="key"] input').inputValue();
  await select(page, '单行文本');
  await setEntry(page, 'key', firstKey);
  await expect(panel(page).locator('[data-entry-id="key"]')).toContainText('字段名不能与其他字段重复');
});
