import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { adminApi, apiLogin, createModel } from './bpm-manage-helpers';
import { canvas, createUserTask, openDesigner, panel, previewXml, toolbar } from './designer-helpers';

test('the designer opens with palette, minimap, watermark and a timestamped process', async ({ page }) => {
  await openDesigner(page);
  await expect(page.locator('.djs-minimap')).toBeVisible();
  await page.locator('.djs-minimap .toggle').click();
  await expect(page.locator('.djs-minimap.open')).toBeVisible();
  await expect(page.locator('.bjs-powered-by')).toBeVisible();
  await expect(page.locator('.djs-palette').getByRole('button', { name: '创建开始事件' })).toBeVisible();
  await expect(panel(page).getByLabel('流程标识')).toHaveValue(/^Process_\d+$/);
  const xml = await previewXml(page);
  expect(xml).toContain('targetNamespace="http://flowable.org/bpmn"');
  // Every icon-only toolbar button is named.
  for (const name of ['向左对齐', '放大视图', '缩小视图', '撤销', '恢复', '重新绘制', '重置视图并居中'])
    await expect(toolbar(page).getByRole('button', { name })).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}designer-empty.png` });
});

test('the palette creates a user task with the task tab and undo/redo', async ({ page }) => {
  await openDesigner(page);
  const undo = toolbar(page).getByRole('button', { name: '撤销' });
  const redo = toolbar(page).getByRole('button', { name: '恢复' });
  await expect(undo).toBeDisabled();
  const task = await createUserTask(page);
  const id = await task.getAttribute('data-element-id');
  await expect(panel(page)).toHaveAttribute('data-element-id', id!);
  await expect(panel(page).getByText('任务配置')).toBeVisible();
  await expect(panel(page).getByText('流转条件')).toHaveCount(0);
  await expect(undo).toBeEnabled();
  await panel(page).getByText('任务配置').click();
  await expect(panel(page).getByLabel('处理用户')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}designer-user-task.png` });

  // A new selection resets the panel to 基本信息.
  await page.getByTestId('bpmn-canvas').click({ position: { x: 450, y: 520 } });
  await expect(panel(page).getByLabel('流程标识')).toBeVisible();
  await task.click();
  await expect(panel(page)).toHaveAttribute('data-element-id', id!);
  await expect(panel(page).getByLabel('ID')).toHaveValue(id!);
  await expect(panel(page).getByLabel('处理用户')).toBeHidden();

  await undo.click();
  await expect(page.locator(`.djs-shape[data-element-id="${id}"]`)).toHaveCount(0);
  await expect(redo).toBeEnabled();
  await redo.click();
  await expect(page.locator(`.djs-shape[data-element-id="${id}"]`)).toHaveCount(1);
});

test('base info validates key and name and writes them undoably', async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page);
  const key = panel(page).getByLabel('流程标识');
  const name = panel(page).getByLabel('流程名称');
  await key.fill('');
  await expect(panel(page).getByText('流程标识不能为空')).toBeVisible();
  await name.fill('x');
  await name.fill('');
  await expect(panel(page).getByText('流程名称不能为空')).toBeVisible();
  await page.screenshot({ path: `${SCREENSHOTS}designer-validation.png` });

  // An invalid XML name is not copied into the id.
  await key.fill('1 bad');
  await name.fill('请假流程');
  // The fields write to the diagram after a pause: the name shows once the key has been handled.
  let xml = '';
  await expect.poll(async () => (xml = await previewXml(page))).toContain('name="请假流程"');
  expect(xml).not.toContain('id="1 bad"');

  await key.fill('leave_1');
  await expect(panel(page).getByText('流程标识不能为空')).toHaveCount(0);
  await expect.poll(() => previewXml(page)).toMatch(/<bpmn2:process id="leave_1"/);

  await toolbar(page).getByRole('button', { name: '撤销' }).click();
  xml = await previewXml(page);
  expect(xml).not.toContain('id="leave_1"');
  await toolbar(page).getByRole('button', { name: '恢复' }).click();
  await expect(key).toHaveValue('leave_1');
});

test('zoom shows a percentage, steps by 10% and fits the viewport', async ({ page }) => {
  await openDesigner(page);
  const percent = toolbar(page).getByRole('button', { name: '当前缩放比例' });
  await toolbar(page).getByRole('button', { name: '重置视图并居中' }).click();
  const start = Number((await percent.textContent())!.replace('%', ''));
  await toolbar(page).getByRole('button', { name: '放大视图' }).click();
  await expect(percent).toHaveText(`${Math.round(Math.round((start / 100 + 0.1) * 10) * 10)}%`);
  await toolbar(page).getByRole('button', { name: '缩小视图' }).click();
  await toolbar(page).getByRole('button', { name: '缩小视图' }).click();
  await expect(percent).toHaveText(/^\d+%$/);
});

test('opening a .txt file is refused; .bpmn files are imported', async ({ page }) => {
  await openDesigner(page);
  const input = page.getByLabel('选择流程文件');
  await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('只能打开 .xml 或 .bpmn 格式的文件')).toBeVisible();

  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<definitions xmlns="http://www.omg.org/spec/BPMN/20100524/MODEL" xmlns:bpmndi="http://www.omg.org/spec/BPMN/20100524/DI" xmlns:dc="http://www.omg.org/spec/DD/20100524/DC" id="d" targetNamespace="http://flowable.org/bpmn">
  <process id="imported" name="导入的流程" isExecutable="true"><startEvent id="start" /></process>
  <bpmndi:BPMNDiagram id="D"><bpmndi:BPMNPlane id="PL" bpmnElement="imported">
    <bpmndi:BPMNShape id="start_di" bpmnElement="start"><dc:Bounds x="100" y="100" width="36" height="36" /></bpmndi:BPMNShape>
  </bpmndi:BPMNPlane></bpmndi:BPMNDiagram>
</definitions>`;
  await input.setInputFiles({ name: 'leave.bpmn', mimeType: 'application/xml', buffer: Buffer.from(xml) });
  await expect(panel(page).getByLabel('流程标识')).toHaveValue('imported');
  await expect(page.locator('.djs-shape[data-element-id="start"]')).toHaveCount(1);
});

test('downloads XML and SVG, previews JSON', async ({ page }) => {
  await openDesigner(page);
  await toolbar(page)
    .getByRole('button', { name: /下载文件/ })
    .hover();
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('menuitem', { name: '下载为 XML 文件' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xml$/);
  const path = await download.path();
  const { readFileSync } = await import('node:fs');
  expect(readFileSync(path, 'utf8')).toContain('bpmn2:definitions');

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

test('aligning needs several elements, then asks for confirmation', async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page);
  await toolbar(page).getByRole('button', { name: '向左对齐' }).click();
  await expect(page.getByText('please hold Ctrl to select several elements')).toBeVisible();

  const first = await createUserTask(page, 300, 150);
  const second = await createUserTask(page, 450, 300);
  // Focus the canvas on an empty spot and select everything.
  await canvas(page).click({ position: { x: 450, y: 520 } });
  await page.keyboard.press('Control+a');
  await expect(page.locator('.djs-shape.selected')).toHaveCount(2);
  await expect(first).toHaveClass(/selected/);
  await toolbar(page).getByRole('button', { name: '向左对齐' }).click();
  await expect(page.getByText('自动对齐可能造成图形变形，是否继续？')).toBeVisible();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.getByText('自动对齐可能造成图形变形，是否继续？')).toBeHidden();
  const x = async (shape: typeof first) => (await shape.getAttribute('transform'))!.split(' ')[4];
  await expect.poll(async () => (await x(first)) === (await x(second))).toBe(true);
});

test("saving stores the model's XML; redraw clears the diagram after confirmation", async ({
  page,
  request,
}) => {
  const token = await apiLogin(request);
  const modelId = await createModel(request, token, 'basic_save', '保存');
  await openDesigner(page, `?modelId=${modelId}`);
  await createUserTask(page);
  await toolbar(page)
    .getByRole('button', { name: /保存模型/ })
    .click();
  await expect(page.getByText('保存成功')).toBeVisible();
  const saved = await adminApi<{ bpmnXml: string }>(request, token, 'GET', `/bpm/model/get?id=${modelId}`);
  expect(saved.bpmnXml).toMatch(/<(bpmn2?:)?userTask id="Activity_/);
  // The diagram has lint problems: saving lists them (designer-lint.spec.ts).
  await page.getByRole('button', { name: '知道了' }).click();
  await toolbar(page).getByRole('button', { name: '重新绘制' }).click();
  await page.getByRole('button', { name: /确\s*定/ }).click();
  await expect(page.locator('.djs-shape[data-element-id^="Activity_"]')).toHaveCount(0);
});

test('simulation mode toggles on and off', async ({ page }) => {
  await openDesigner(page);
  await toolbar(page)
    .getByRole('button', { name: /开启模拟/ })
    .click();
  await expect(toolbar(page).getByRole('button', { name: /退出模拟/ })).toBeVisible();
  await expect(page.getByTestId('bpmn-canvas').locator('.simulation')).toHaveCount(1);
  await expect(page.locator('.djs-palette')).toHaveClass(/hidden/);
  await page.screenshot({ path: `${SCREENSHOTS}designer-simulation.png` });
  await toolbar(page)
    .getByRole('button', { name: /退出模拟/ })
    .click();
  await expect(toolbar(page).getByRole('button', { name: /开启模拟/ })).toBeVisible();
});
