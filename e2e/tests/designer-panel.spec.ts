import { expect, test } from './fixtures';
import { SCREENSHOTS } from './helpers';
import { apiLogin, createModel } from './bpm-manage-helpers';
import { createUserTask, openDesigner, panel, previewXml } from './designer-helpers';

test('a saved model locks its key; the process id takes the key', async ({ page, request }) => {
  const modelId = await createModel(request, await apiLogin(request), 'leave_flow', '请假');
  await openDesigner(page, `?modelId=${modelId}`);
  const key = panel(page).getByLabel('流程标识');
  await expect(key).toBeDisabled();
  await expect(key).toHaveValue('leave_flow');
  await expect(panel(page).getByLabel('流程名称')).toHaveValue('请假');
});

test('messages and signals refuse duplicate ids', async ({ page }) => {
  await openDesigner(page);
  const p = panel(page);
  await p.getByText('消息与信号').click();
  for (const [kind, text] of [
    ['消息', '该消息已存在，请修改id后重新保存'],
    ['信号', '该信号已存在，请修改id后重新保存'],
  ] as const) {
    await p.getByLabel(`${kind} ID`).fill(`${kind === '消息' ? 'Msg' : 'Sig'}_1`);
    await p.getByLabel(`${kind}名称`).fill(`${kind}一`);
    await p.getByRole('button', { name: `创建新${kind}` }).click();
    await expect(p.getByRole('cell', { name: `${kind}一` })).toBeVisible();
    await p.getByLabel(`${kind} ID`).fill(`${kind === '消息' ? 'Msg' : 'Sig'}_1`);
    await p.getByRole('button', { name: `创建新${kind}` }).click();
    await expect(page.getByText(text)).toBeVisible();
  }
  const xml = await previewXml(page);
  expect(xml).toContain('<bpmn2:message id="Msg_1" name="消息一" />');
  expect(xml).toContain('<bpmn2:signal id="Sig_1" name="信号一" />');
  await page.screenshot({ path: `${SCREENSHOTS}designer-messages.png` });
});

test('multi-instance and listeners are written to the flavour', async ({ page }) => {
  // A long edit sequence: allow for a busy machine.
  test.slow();
  await openDesigner(page, '?prefix=flowable');
  await createUserTask(page);
  const p = panel(page);
  await p.getByText('多实例').click();
  await p.getByLabel('回路特性').click();
  await page.getByTitle('并行多重事件').click();
  await expect(p.getByLabel('集合')).toHaveValue('${coll_userList}');
  await p.getByLabel('完成条件').fill('${nrOfCompletedInstances > 0}');

  await p.getByText('任务监听器').click();
  await p
    .getByRole('button', { name: /添加监听器/ })
    .last()
    .click();
  const dialog = page.getByRole('dialog', { name: '任务监听器' });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请选择事件类型')).toBeVisible();
  await dialog.getByLabel('事件类型').click();
  await page.getByTitle('create').click();
  await dialog.getByLabel('Java 类').fill('com.example.Listener');
  await dialog.getByRole('button', { name: /添加注入字段/ }).click();
  await dialog.getByLabel('字段名称 1').fill('level');
  await dialog.getByLabel('字段值 1').fill('2');
  await dialog.getByLabel('定时器类型').click();
  await page.getByTitle('持续时长').click();
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog.getByText('请填写定时器配置')).toBeVisible();
  await dialog.getByLabel('定时器', { exact: true }).fill('PT1H');
  await page.screenshot({ path: `${SCREENSHOTS}designer-listener.png` });
  await dialog.getByRole('button', { name: /保\s*存/ }).click();
  await expect(dialog).toBeHidden();
  await expect(p.getByRole('cell', { name: 'create' })).toBeVisible();

  // The listener's save reaches the diagram: the preview shows it once it has.
  let xml = '';
  await expect
    .poll(async () => (xml = await previewXml(page)))
    .toMatch(/<bpmn2:timeDuration xsi:type="bpmn2:tFormalExpression">PT1H<\/bpmn2:timeDuration>/);
  expect(xml).toContain('flowable:collection="${coll_userList}"');
  expect(xml).toContain(
    '<bpmn2:completionCondition xsi:type="bpmn2:tFormalExpression">${nrOfCompletedInstances &gt; 0}',
  );
  expect(xml).toMatch(/<flowable:taskListener class="com.example.Listener" event="create" id="\w{8}">/);
  expect(xml).toMatch(
    /<flowable:field name="level">\s*<flowable:string>2<\/flowable:string>\s*<\/flowable:field>/,
  );
});
