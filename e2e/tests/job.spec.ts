import { adminApi, apiLogin, confirmDialog, dialog, OK, rowOf } from './bpm-manage-helpers';
import { expect, test } from './fixtures';
import { SCREENSHOTS, expectMessage, signIn } from './helpers';

test('scheduler: create a job with the cron builder, run it once, read its log, pause and delete it', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  // The handler is taken by the seeded 'Job 示例' (and by this test's job on a retry): free it.
  const token = await apiLogin(request);
  const taken = await adminApi<{ list: { id: number }[] }>(
    request,
    token,
    'GET',
    '/infra/job/page?handlerName=demoJob',
  );
  for (const job of taken.list) await adminApi(request, token, 'DELETE', `/infra/job/delete?id=${job.id}`);

  await signIn(page, 'admin', 'admin123', '/infra/job');
  await expect(rowOf(page, 'jobLogCleanJob')).toContainText('暂停');

  await page.getByRole('button', { name: '新增' }).click();
  const create = dialog(page, '添加定时任务');
  await create.getByLabel('任务名称').fill('E2E 示例任务');
  await create.getByLabel('处理器的名字').fill('demoJob');
  await create.getByLabel('处理器的参数').fill('e2e');
  await create.getByRole('button', { name: '生成表达式' }).click();
  const builder = dialog(page, 'Cron 表达式生成器');
  await builder.getByRole('tab', { name: '秒' }).click();
  await builder.getByRole('radio', { name: /从.*秒开始/ }).check();
  await builder.getByLabel('间隔秒').fill('30');
  await expect(builder.getByLabel('生成的 Cron 表达式')).toHaveValue('0/30 * * * * ?');
  await expect(builder.locator('.cron-builder-preview li')).toHaveCount(5);
  await page.screenshot({ path: `${SCREENSHOTS}job-cron-builder.png` });
  await builder.getByRole('button', { name: OK }).click();
  await expect(create.getByPlaceholder('请输入 CRON 表达式')).toHaveValue('0/30 * * * * ?');
  await create.getByRole('button', { name: OK }).click();
  await expectMessage(page, '新增成功');
  const row = rowOf(page, 'E2E 示例任务');
  await expect(row).toContainText('正常');

  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '执行一次' }).click();
  await expect(confirmDialog(page)).toContainText('确认要立即执行一次"E2E 示例任务"任务吗?');
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '执行成功');

  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '任务详细' }).click();
  const detail = dialog(page, '任务详细');
  await expect(detail).toContainText('0/30 * * * * ?');
  await expect(detail).toContainText(/后续执行时间\s*\d{4}-\d{2}-\d{2} \d{2}:\d{2}:[03]0;/);
  await detail.getByRole('button', { name: '关 闭', exact: true }).click();

  await row.getByRole('button', { name: '更多' }).click();
  await page.getByRole('menuitem', { name: '调度日志' }).click();
  await expect(page).toHaveURL(/\/job\/log\?jobId=\d+$/);
  const logRow = rowOf(page, 'demoJob').first();
  await expect(logRow).toContainText('成功');
  await logRow.getByRole('button', { name: '详细' }).click();
  await expect(dialog(page, '调度日志详细')).toContainText('示例任务执行成功，参数：e2e');
  await page.screenshot({ path: `${SCREENSHOTS}job-log.png` });
  await dialog(page, '调度日志详细').getByRole('button', { name: '关 闭', exact: true }).click();

  await page.goto('/infra/job');
  await rowOf(page, 'E2E 示例任务').getByRole('button', { name: '暂停' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '关闭成功');
  await expect(rowOf(page, 'E2E 示例任务')).toContainText('暂停');
  await page.screenshot({ path: `${SCREENSHOTS}job-page.png` });

  await rowOf(page, 'E2E 示例任务').getByRole('button', { name: '删除' }).click();
  await confirmDialog(page).getByRole('button', { name: OK }).click();
  await expectMessage(page, '删除成功');
  await expect(rowOf(page, 'E2E 示例任务')).toHaveCount(0);
});
