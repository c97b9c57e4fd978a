import type { OperateLog } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import OperateLogPage from './pages/system/operatelog';

const entry: OperateLog = {
  id: 41,
  traceId: '3f2a5c1e-0000-4000-8000-000000000001',
  userId: 1,
  userType: 2,
  userNickname: '系统管理员',
  module: '岗位',
  name: '创建岗位，返回编号',
  type: 2,
  content: '',
  exts: null,
  requestMethod: 'POST',
  requestUrl: '/admin-api/system/post/create',
  userIp: '10.20.30.40',
  userAgent: 'Mozilla/5.0',
  javaMethod: 'postCreate',
  javaMethodArgs: '{"query":{},"body":{"name":"审计岗","password":"******"}}',
  startTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
  duration: 12,
  resultCode: 1_002_005_002,
  resultMsg: '已经存在该名字的岗位',
  resultData: '',
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/system/operate-log/page')) return ok({ list: [entry], total: 1 });
    return ok(null);
  },
  {
    dicts: [dict('system_operate_type', '2', '新增'), dict('system_operate_type', '4', '删除', 'danger')],
  },
);

const setup = (permissions: string[]) =>
  renderPage(<OperateLogPage />, { permissions, path: '/system/operate-log' }).user;

const lastPageQuery = () => stub.calls.filter((c) => c.path.endsWith('/page')).at(-1)!.query;

describe('operate log page', { timeout: 30_000 }, () => {
  it('lists entries with their type, operator, result and duration; export needs its permission', async () => {
    setup(['system:operate-log:query']);
    const row = (await screen.findByText('创建岗位，返回编号')).closest('tr')!;
    expect(within(row).getByText('新增')).toBeInTheDocument();
    expect(within(row).getByText('系统管理员')).toBeInTheDocument();
    expect(within(row).getByText('失败')).toBeInTheDocument();
    expect(within(row).getByText('12 ms')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
  });

  it('sends the filters the page offers', async () => {
    const user = setup(['system:operate-log:query', 'system:operate-log:export']);
    await screen.findByText('创建岗位，返回编号');
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
    await user.type(screen.getByPlaceholderText('请输入系统模块'), '岗位');
    // Enter in a field searches, as the 搜索 button does.
    await user.type(screen.getByPlaceholderText('请输入操作人员'), '管理员{Enter}');
    await waitFor(() => expect(lastPageQuery().get('module')).toBe('岗位'));
    expect(lastPageQuery().get('userNickname')).toBe('管理员');
    expect(lastPageQuery().get('pageNo')).toBe('1');
  });

  it('shows every recorded field in the detail, the request pretty-printed', async () => {
    const user = setup(['system:operate-log:query']);
    const row = (await screen.findByText('创建岗位，返回编号')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /详细/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('操作日志详细')).toBeInTheDocument();
    expect(within(dialog).getByText(entry.traceId)).toBeInTheDocument();
    expect(within(dialog).getByText('POST /admin-api/system/post/create')).toBeInTheDocument();
    expect(within(dialog).getByText('postCreate')).toBeInTheDocument();
    expect(within(dialog).getByText('已经存在该名字的岗位')).toBeInTheDocument();
    expect(within(dialog).getByText(/结果码 1002005002/)).toBeInTheDocument();
    const args = within(dialog).getByText(/"password": "\*\*\*\*\*\*"/);
    expect(args.tagName).toBe('CODE');
    expect(args.closest('pre')).not.toBeNull();
    expect(args.textContent).toContain('\n  "body": {\n    "name": "审计岗"');
  });
});
