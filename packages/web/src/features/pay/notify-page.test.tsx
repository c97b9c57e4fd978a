import type { PayNotifyTask, PayNotifyTaskDetail } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import PayNotifyPage from './pages/pay/notify';
import { PAY_APPS, PAY_CREATED, PAY_DICTS } from './pay-fixtures';

const task = (id: number, type: number, status: number, notifyTimes: number): PayNotifyTask => ({
  id,
  appId: 1,
  appName: '商城',
  type,
  dataId: 100 + id,
  merchantOrderId: `M${id}`,
  merchantRefundId: type === 2 ? `MR${id}` : null,
  status,
  nextNotifyTime: PAY_CREATED + 300_000,
  lastExecuteTime: notifyTimes > 0 ? PAY_CREATED + 60_000 : null,
  notifyTimes,
  maxNotifyTimes: 9,
  notifyUrl: 'https://shop.example.com/pay-notify',
  createTime: PAY_CREATED,
  updateTime: PAY_CREATED + 60_000,
});
const TASKS = [task(1, 1, 10, 1), task(2, 2, 22, 2)];

const DETAIL: PayNotifyTaskDetail = {
  ...TASKS[1]!,
  logs: [
    {
      id: 51,
      taskId: 2,
      notifyTimes: 1,
      response: 'connect ECONNREFUSED',
      status: 22,
      createTime: PAY_CREATED,
    },
    {
      id: 52,
      taskId: 2,
      notifyTimes: 2,
      response: '{"code":1}',
      status: 21,
      createTime: PAY_CREATED + 15_000,
    },
  ],
};

const stub = stubPageTest(
  (call) => {
    const { path } = call;
    if (path.endsWith('/pay/notify/page')) return ok({ list: TASKS, total: TASKS.length });
    if (path.endsWith('/pay/notify/get-detail')) return ok(DETAIL);
    if (path.endsWith('/pay/app/list')) return ok(PAY_APPS);
    return ok(true);
  },
  { dicts: PAY_DICTS },
);

const setup = () =>
  renderPage(<PayNotifyPage />, { permissions: ['pay:notify:query'], path: '/pay/notify' }).user;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const searchForm = () => screen.getByRole('form', { name: '搜索条件' });
const lastPage = () => stub.callsTo('/pay/notify/page').at(-1)!;
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
const choose = async (user: UserEvent, label: string) => {
  await waitFor(() => expect(options().some((o) => o.textContent === label)).toBe(true));
  await user.click(options().find((o) => o.textContent === label)!);
};

describe('回调通知', { timeout: 30_000 }, () => {
  it('lists the tasks with their type, status and attempts', async () => {
    setup();
    const first = await rowOf('M1');
    expect(within(first).getByText('支付单')).toBeInTheDocument();
    expect(within(first).getByText('通知成功')).toBeInTheDocument();
    expect(within(first).getByText('1 / 9')).toBeInTheDocument();
    expect(within(first).getByText('101')).toBeInTheDocument();
    const second = await rowOf('M2');
    expect(within(second).getByText('退款单')).toBeInTheDocument();
    expect(within(second).getByText('请求失败')).toBeInTheDocument();
    expect(within(second).getByText('2 / 9')).toBeInTheDocument();
  });

  it('searches by app, type, related id, status and merchant order', async () => {
    const user = setup();
    await rowOf('M1');
    await user.click(within(searchForm()).getByRole('combobox', { name: '应用编号' }));
    await choose(user, '会员');
    await user.click(within(searchForm()).getByRole('combobox', { name: '通知类型' }));
    await choose(user, '退款单');
    await user.type(within(searchForm()).getByLabelText('关联编号'), '102');
    await user.click(within(searchForm()).getByRole('combobox', { name: '通知状态' }));
    await choose(user, '通知失败');
    await user.type(within(searchForm()).getByLabelText('商户订单编号'), 'M2');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastPage().query.get('appId')).toBe('2'));
    expect(Object.fromEntries(lastPage().query)).toEqual({
      pageNo: '1',
      pageSize: '20',
      appId: '2',
      type: '2',
      dataId: '102',
      status: '20',
      merchantOrderId: 'M2',
    });
  });

  it('refuses a related id that is not a number', async () => {
    const user = setup();
    await rowOf('M1');
    const asked = stub.callsTo('/pay/notify/page').length;
    await user.type(within(searchForm()).getByLabelText('关联编号'), 'abc');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    expect(await screen.findByText('请输入数字编号')).toBeInTheDocument();
    expect(stub.callsTo('/pay/notify/page')).toHaveLength(asked);
  });

  it('shows the detail of a task with its callback log', async () => {
    const user = setup();
    await user.click(within(await rowOf('M2')).getByRole('button', { name: /查看详情/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('通知详情')).toBeInTheDocument();
    expect(stub.callsTo('/pay/notify/get-detail')[0]!.query.get('id')).toBe('2');
    expect(within(dialog).getByText('MR2')).toBeInTheDocument();
    const logs = within(dialog).getByRole('table', { name: '回调日志' });
    const first = within(logs).getByText('51').closest('tr')!;
    expect(within(first).getByText('请求失败')).toBeInTheDocument();
    expect(within(first).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    const second = within(logs).getByText('52').closest('tr')!;
    expect(within(second).getByText('请求成功，但是结果失败')).toBeInTheDocument();
    expect(within(second).getByText('{"code":1}')).toBeInTheDocument();
  });
});
