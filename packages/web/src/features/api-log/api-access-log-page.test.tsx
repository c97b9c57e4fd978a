import type { ApiAccessLog } from '@app/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import ApiAccessLogPage from './pages/infra/apiAccessLog';

const at = new Date(2026, 10, 20, 8, 0, 0).getTime();
const denied: ApiAccessLog = {
  id: 31,
  traceId: '6f1c1d3e-0000-4000-8000-000000000031',
  userId: 2,
  userType: 2,
  applicationName: 'admin-console-server',
  requestMethod: 'POST',
  requestUrl: '/admin-api/system/post/create',
  requestParams: '{"query":{},"body":{"name":"越权岗","code":"******"}}',
  responseBody: null,
  userIp: '10.1.2.3',
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/140.0',
  operateModule: '岗位',
  operateName: '创建岗位，返回编号',
  operateType: 2,
  beginTime: at,
  endTime: at + 12,
  duration: 12,
  resultCode: 403,
  resultMsg: '没有该操作权限',
  createTime: at + 12,
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/infra/api-access-log/page'))
      return ok(call.query.get('resultCode') === '0' ? { list: [], total: 0 } : { list: [denied], total: 1 });
    return ok(null);
  },
  { dicts: [dict('user_type', '2', '管理员'), dict('infra_operate_type', '2', '新增')] },
);

const setup = (permissions: string[]) =>
  renderPage(<ApiAccessLogPage />, { permissions, path: '/infra/api-access-log' }).user;

describe('API access log page', { timeout: 30_000 }, () => {
  it('lists requests with their result and operation, and searches by the reference filters', async () => {
    const user = setup(['infra:api-access-log:query']);
    const row = (await screen.findByText('/admin-api/system/post/create')).closest('tr')!;
    expect(within(row).getByText('失败(没有该操作权限)')).toBeInTheDocument();
    expect(within(row).getByText('管理员')).toBeInTheDocument();
    expect(within(row).getByText('新增')).toBeInTheDocument();
    expect(within(row).getByText('12 ms')).toBeInTheDocument();
    expect(within(row).getByText('创建岗位，返回编号')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();

    await user.type(screen.getByPlaceholderText('请输入执行时长'), '10');
    await user.type(screen.getByPlaceholderText('请输入请求地址'), '/post/');
    await user.type(screen.getByPlaceholderText('请输入结果码'), '0{Enter}');
    expect(await screen.findByText('暂无访问日志')).toBeInTheDocument();
    const page = stub.callsTo('/page').at(-1)!;
    expect(page.query.get('duration')).toBe('10');
    expect(page.query.get('requestUrl')).toBe('/post/');
    expect(page.query.get('resultCode')).toBe('0');
  });

  it('refuses a duration that is not a number', async () => {
    const user = setup(['infra:api-access-log:query']);
    await screen.findByText('/admin-api/system/post/create');
    await user.type(screen.getByPlaceholderText('请输入执行时长'), 'abc{Enter}');
    expect(await screen.findByText('执行时长必须是非负整数')).toBeInTheDocument();
  });

  it('shows a request in full in the detail dialog, and offers export with the permission', async () => {
    const user = setup(['infra:api-access-log:query', 'infra:api-access-log:export']);
    expect(await screen.findByRole('button', { name: /导出/ })).toBeInTheDocument();
    const row = (await screen.findByText('/admin-api/system/post/create')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /详细/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('访问日志详细')).toBeInTheDocument();
    expect(within(dialog).getByText(denied.traceId)).toBeInTheDocument();
    expect(within(dialog).getByText(denied.userAgent)).toBeInTheDocument();
    expect(within(dialog).getByText('POST /admin-api/system/post/create')).toBeInTheDocument();
    expect(within(dialog).getByText(/"name": "越权岗"/)).toBeInTheDocument();
    expect(
      within(dialog).getByText('2026-11-20 08:00:00 ~ 2026-11-20 08:00:00（12 ms）'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('结果码 403')).toBeInTheDocument();
  });
});
