import type { InfraJob, InfraJobLog } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import JobLogPage from './job-log-page';
import JobPage from './pages/infra/job';

const job = (id: number, status: number, name = `任务${id}`): InfraJob => ({
  id,
  name,
  status,
  handlerName: `handler${id}`,
  handlerParam: null,
  cronExpression: '0 0 0 * * ?',
  retryCount: 0,
  retryInterval: 0,
  monitorTimeout: 0,
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
});
const log: InfraJobLog = {
  id: 31,
  jobId: 2,
  handlerName: 'handler2',
  handlerParam: 'p',
  executeIndex: 1,
  beginTime: new Date(2026, 10, 26, 9, 0, 0).getTime(),
  endTime: new Date(2026, 10, 26, 9, 0, 1).getTime(),
  duration: 1000,
  status: 2,
  result: 'Error: 连接被拒绝',
  createTime: new Date(2026, 10, 26, 9, 0, 0).getTime(),
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/infra/job/page'))
      return ok({ list: [job(1, 1, '正常任务'), job(2, 2, '暂停任务')], total: 2 });
    if (call.path.endsWith('/infra/job/get_next_times'))
      return ok([new Date(2026, 10, 27, 0, 0, 0).getTime(), new Date(2026, 10, 28, 0, 0, 0).getTime()]);
    if (call.path.endsWith('/infra/job-log/page')) return ok({ list: [log], total: 1 });
    if (call.path.endsWith('/infra/job/create')) return ok(9);
    return ok(true);
  },
  {
    dicts: [
      dict('infra_job_status', '1', '正常', 'success'),
      dict('infra_job_status', '2', '暂停', 'danger'),
      dict('infra_job_log_status', '2', '失败', 'warning'),
    ],
  },
);

const ALL = [
  'infra:job:query',
  'infra:job:create',
  'infra:job:update',
  'infra:job:delete',
  'infra:job:trigger',
  'infra:job:export',
];
const setup = (permissions = ALL) =>
  renderPage(<JobPage />, {
    permissions,
    path: '/infra/job',
    routes: [{ path: '/job/log', element: <JobLogPage /> }],
  });

/** Opens the row's 更多 menu and finds the item. */
const menuItem = async (user: UserEvent, row: HTMLElement, name: RegExp) => {
  await user.click(within(row).getByRole('button', { name: /更多/ }));
  return screen.findByRole('menuitem', { name });
};

// Each test walks antd dialogs and menus in jsdom: 4–25 s alone on a loaded 2-core machine, and a
// CI run beside the other suites once took the builder test past 30 s twice.
describe('job page', { timeout: 60_000 }, () => {
  it('offers 暂停 on a running job and 开启 on a paused one, sending the status change', async () => {
    const { user } = setup();
    const running = (await screen.findByText('正常任务')).closest('tr')!;
    const paused = screen.getByText('暂停任务').closest('tr')!;
    expect(within(running).queryByRole('button', { name: /开启/ })).not.toBeInTheDocument();
    await user.click(within(paused).getByRole('button', { name: /开启/ }));
    expect(await screen.findByText('确认要立即开启"暂停任务"任务吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/infra/job/update-status')).toHaveLength(1));
    const change = stub.callsTo('/infra/job/update-status')[0]!;
    expect(change.method).toBe('PUT');
    expect([change.query.get('id'), change.query.get('status')]).toEqual(['2', '1']);
    expect(await screen.findByText('开启成功')).toBeInTheDocument();
  });

  it('runs a job once after confirmation and opens its log filtered by job', async () => {
    const { user, router } = setup();
    const row = (await screen.findByText('暂停任务')).closest('tr')!;
    await user.click(await menuItem(user, row, /执行一次/));
    expect(await screen.findByText('确认要立即执行一次"暂停任务"任务吗?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/infra/job/trigger')[0]?.query.get('id')).toBe('2'));
    await user.click(await menuItem(user, row, /调度日志/));
    expect(router.state.location.pathname + router.state.location.search).toBe('/job/log?jobId=2');
    await waitFor(() => expect(stub.callsTo('/infra/job-log/page').at(-1)?.query.get('jobId')).toBe('2'));
    expect(await screen.findByText('1000 毫秒')).toBeInTheDocument();
  });

  it('shows the details with the next fire times from the server', async () => {
    const { user } = setup();
    const row = (await screen.findByText('正常任务')).closest('tr')!;
    await user.click(await menuItem(user, row, /任务详细/));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('未开启')).toBeInTheDocument();
    expect(await within(dialog).findByText('2026-11-27 00:00:00; 2026-11-28 00:00:00')).toBeInTheDocument();
  });

  it('builds a cron expression in the builder and checks the form', async () => {
    const { user } = setup();
    await screen.findByText('正常任务');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('任务名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('CRON 表达式不能为空')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: '生成表达式' }));
    const builder = (await screen.findByText('Cron 表达式生成器')).closest<HTMLElement>('.ant-modal')!;
    await user.click(within(builder).getByRole('tab', { name: '秒' }));
    await user.click(within(builder).getByRole('radio', { name: /指定/ }));
    await user.click(within(builder).getByRole('tab', { name: '周' }));
    await user.click(within(builder).getByRole('radio', { name: /第.*周的星期/ }));
    expect(within(builder).getByLabelText('生成的 Cron 表达式')).toHaveValue('0 * * ? * 2#1');
    expect(within(builder).getByText('最近5次运行时间')).toBeInTheDocument();
    expect(within(builder).getAllByRole('listitem')).toHaveLength(5);
    await user.click(within(builder).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(within(dialog).getByPlaceholderText('请输入 CRON 表达式')).toHaveValue('0 * * ? * 2#1'),
    );

    // Pasted rather than typed: one change event each instead of a render per key.
    await user.click(within(dialog).getByPlaceholderText('请输入任务名称'));
    await user.paste('新任务');
    await user.click(within(dialog).getByPlaceholderText('请输入处理器的名字'));
    await user.paste('demoJob');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/infra/job/create')).toHaveLength(1));
    expect(stub.callsTo('/infra/job/create')[0]!.body).toMatchObject({
      name: '新任务',
      handlerName: 'demoJob',
      cronExpression: '0 * * ? * 2#1',
      retryCount: 0,
      retryInterval: 0,
    });
  });

  it('refuses an expression Quartz would refuse before asking the server', async () => {
    const { user } = setup();
    await screen.findByText('正常任务');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByPlaceholderText('请输入 CRON 表达式'), '0 0 12 * * 2');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('日和周字段必须有且只有一个为“?”')).toBeInTheDocument();
  });

  it('shows a read-only list to a user who may only query', async () => {
    const { user } = setup(['infra:job:query']);
    const row = (await screen.findByText('正常任务')).closest('tr')!;
    for (const name of ['新增', '导出', '修改', '删除', '暂停', '执行一次'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    expect(await menuItem(user, row, /任务详细/)).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /执行一次/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /执行日志/ })).toBeInTheDocument();
  });
});
