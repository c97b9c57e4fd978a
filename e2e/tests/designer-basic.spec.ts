import { readFileSync } from 'node:fs';
import { expect, test } from './fixtures';
import { SCREENSHOTS, expectMessage } from './helpers';
import { adminApi, apiLogin, createModel } from './bpm-manage-helpers';
import { canvas, createUserTask, openDesigner, panel, toolbar } from './designer-helpers';

// The panel's checks, opening files, the alignment and save messages are proven on the real modeler
// in packages/web/src/features/bpm/designer/bpmn-designer.test.tsx, zoom steps and file types in
// bpmn-utils.test.ts; these journeys draw on the canvas, download and save to the server.
test('the designer opens with its tools; the palette draws user tasks that undo, redo and align; simulation; downloads and previews', async ({
  page,
}) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page);
  await expect(page.locator('.djs-minimap')).toBeVisible();
  await page.locator('.djs-minimap .toggle').click();
  await expect(page.locator('.djs-minimap.open')).toBeVisible();
  // Closed again: open, it covers part of the canvas the tasks are drawn on.
  await page.locator('.djs-minimap .toggle').click();
  await expect(page.locator('.djs-minimap.open')).toHaveCount(0);
  await expect(page.locator('.bjs-powered-by')).toBeVisible();
  await expect(page.locator('.djs-palette').getByRole('button', { name: '创建开始事件' })).toBeVisible();
  await expect(panel(page).getByLabel('流程标识')).toHaveValue(/^Process_\d+$/);
  // Every icon-only toolbar button is named; without a model there is nothing to save to.
  for (const name of ['向左对齐', '放大视图', '缩小视图', '撤销', '恢复', '重新绘制', '重置视图并居中'])
    await expect(toolbar(page).getByRole('button', { name })).toBeVisible();
  await expect(toolbar(page).getByRole('button', { name: /保存模型/ })).toHaveCount(0);
  await expect(page.getByText('未关联流程模型')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}designer-empty.png` });

  // Zoom shows a percentage and steps by 10%.
  const percent = toolbar(page).getByRole('button', { name: '当前缩放比例' });
  await toolbar(page).getByRole('button', { name: '重置视图并居中' }).click();
  const start = Number((await percent.textContent())!.replace('%', ''));
  await toolbar(page).getByRole('button', { name: '放大视图' }).click();
  await expect(percent).toHaveText(`${Math.round(Math.round((start / 100 + 0.1) * 10) * 10)}%`);
  await toolbar(page).getByRole('button', { name: '重置视图并居中' }).click();

  const undo = toolbar(page).getByRole('button', { name: '撤销' });
  const redo = toolbar(page).getByRole('button', { name: '恢复' });
  await expect(undo).toBeDisabled();
  const task = await createUserTask(page, 300, 150);
  const id = await task.getAttribute('data-element-id');
  await expect(panel(page)).toHaveAttribute('data-element-id', id!);
  await expect(panel(page).getByText('任务配置')).toBeVisible();
  await expect(panel(page).getByText('流转条件')).toHaveCount(0);
  await expect(undo).toBeEnabled();
  await panel(page).getByText('任务配置').click();
  await expect(panel(page).getByLabel('处理用户')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}designer-user-task.png` });

  // A new selection resets the panel to 基本信息. Under CI load a click on the empty canvas was once
  // left unhandled: click until the process is selected.
  await expect(async () => {
    await canvas(page).click({ position: { x: 450, y: 520 } });
    await expect(panel(page).getByLabel('流程标识')).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await task.click();
  await expect(panel(page)).toHaveAttribute('data-element-id', id!);
  await expect(panel(page).getByLabel('ID')).toHaveValue(id!);
  await expect(panel(page).getByLabel('处理用户')).toBeHidden();

  await undo.click();
  await expect(page.locator(`.djs-shape[data-element-id="${id}"]`)).toHaveCount(0);
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect(page.locator(`.djs-shape[data-element-id="${id}"]`)).toHaveCount(1);

  // Two selected tasks align after a confirmation.
  const second = await createUserTask(page, 450, 300);
  await canvas(page).click({ position: { x: 450, y: 520 } });
  await page.keyboard.press('Control+a');
  await expect(page.locator('.djs-shape.selected')).toHaveCount(2);
  await expect(task).toHaveClass(/selected/);
  await toolbar(page).getByRole('button', { name: '向左对齐' }).click();
  await expect(page.getByText('自动对齐可能造成图形变形，是否继续？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('自动对齐可能造成图形变形，是否继续？')).toBeHidden();
  const x = async (shape: typeof task) => (await shape.getAttribute('transform'))!.split(' ')[4];
  await expect.poll(async () => (await x(task)) === (await x(second))).toBe(true);

  await toolbar(page)
    .getByRole('button', { name: /开启模拟/ })
    .click();
  await expect(toolbar(page).getByRole('button', { name: /退出模拟/ })).toBeVisible();
  await expect(canvas(page).locator('.simulation')).toHaveCount(1);
  await expect(page.locator('.djs-palette')).toHaveClass(/hidden/);
  await page.screenshot({ path: `${SCREENSHOTS}designer-simulation.png` });
  await toolbar(page)
    .getByRole('button', { name: /退出模拟/ })
    .click();
  await expect(toolbar(page).getByRole('button', { name: /开启模拟/ })).toBeVisible();

  await toolbar(page)
    .getByRole('button', { name: /下载文件/ })
    .hover();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '下载为 XML 文件' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const xml = readFileSync(await download.path(), 'utf8');
  expect(xml).toContain('bpmn2:definitions');
  expect(xml).toContain('targetNamespace="http://flowable.org/bpmn"');
  expect(xml).toMatch(/<bpmn2:userTask id="Activity_/);

  await toolbar(page)
    .getByRole('button', { name: /下载文件/ })
    .hover();
  const [svg] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '下载为 SVG 文件' }).click(),
  ]);
  expect(svg.suggestedFilename()).toMatch(/\.svg$/);

  await toolbar(page)
    .getByRole('button', { name: /预\s*览/ })
    .hover();
  await page.getByRole('menuitem', { name: '预览 JSON' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('预览 JSON')).toBeVisible();
  await expect(page.getByTestId('bpmn-preview')).toContainText('"bpmn2:definitions"');
  await page.screenshot({ path: `${SCREENSHOTS}designer-preview-json.png` });
});

test("saving stores the model's XML and then lists the lint problems; a refused save says so; redraw clears the diagram", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const modelId = await createModel(request, token, 'basic_save', '保存');
  // The server refuses the first update.
  const update = '**/admin-api/bpm/model/update';
  await page.route(update, (route) => route.fulfill({ json: { code: 500, msg: '系统异常', data: null } }), {
    times: 1,
  });
  await openDesigner(page, `?modelId=${modelId}`);
  await createUserTask(page);
  const save = toolbar(page).getByRole('button', { name: /保存模型/ });
  await save.click();
  await expect(page.getByText('保存模型失败，请重试！')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  await save.click();
  await expectMessage(page, '保存成功');
  const problems = page.getByRole('dialog').filter({ hasText: '流程校验发现 2 个问题' });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('list', { name: '流程校验问题' }).getByRole('listitem')).toHaveCount(2);
  await expect(problems).toContainText('用户任务未指定处理人');
  await page.screenshot({ path: `${SCREENSHOTS}designer-save-problems.png` });
  await problems.getByRole('button', { name: '知道了' }).click();
  await expect(problems).toBeHidden();
  const saved = await adminApi<{ bpmnXml: string }>(request, token, 'GET', `/bpm/model/get?id=${modelId}`);
  expect(saved.bpmnXml).toMatch(/<(bpmn2?:)?userTask id="Activity_/);

  await toolbar(page).getByRole('button', { name: '重新绘制' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.djs-shape[data-element-id^="Activity_"]')).toHaveCount(0);
});
