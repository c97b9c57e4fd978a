import type { ApiErrorLog } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import ApiErrorLogPage from './pages/infra/apiErrorLog';

const at = new Date(2026, 10, 20, 9, 30, 0).getTime();
const base: ApiErrorLog = {
  id: 7,
  traceId: 'trace-7',
  userId: 1,
  userType: 2,
  applicationName: 'admin-console-server',
  requestMethod: 'GET',
  requestUrl: '/admin-api/system/post/page',
  requestParams: '{"query":{"name":"x"},"body":null}',
  userIp: '10.1.2.3',
  userAgent: 'Mozilla/5.0 Chrome/140.0',
  createTime: at,
  exceptionTime: at,
  exceptionName: 'SqliteError',
  exceptionMessage: 'no such table: system_post',
  exceptionRootCauseMessage: 'no such table: system_post',
  exceptionStackTrace:
    'SqliteError: no such table: system_post\n    at Database.prepare (/srv/node_modules/x.js:1:1)',
  exceptionClassName: 'Database',
  exceptionFileName: '/srv/node_modules/x.js',
  exceptionMethodName: 'prepare',
  exceptionLineNumber: 1,
  processStatus: 0,
  processTime: null,
  processUserId: null,
};
const done: ApiErrorLog = {
  ...base,
  id: 8,
  requestUrl: '/admin-api/system/user/page',
  processStatus: 1,
  processUserId: 1,
  processTime: at,
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/infra/api-error-log/page')) return ok({ list: [base, done], total: 2 });
    if (call.path.endsWith('/infra/api-error-log/update-status')) return ok(true);
    return ok(null);
  },
  {
    dicts: [
      dict('user_type', '2', '管理员'),
      dict('infra_api_error_log_process_status', '0', '未处理'),
      dict('infra_api_error_log_process_status', '1', '已处理'),
      dict('infra_api_error_log_process_status', '2', '已忽略'),
    ],
  },
);

const ALL = ['infra:api-error-log:query', 'infra:api-error-log:update-status', 'infra:api-error-log:export'];
const setup = (permissions: string[]) =>
  renderPage(<ApiErrorLogPage />, { permissions, path: '/infra/api-error-log' }).user;
const rowOf = async (url: string) => (await screen.findByText(url)).closest('tr')!;

describe('API error log page', { timeout: 30_000 }, () => {
  it('offers 已处理 and 已忽略 only on unprocessed rows, and only with the permission', async () => {
    setup(ALL);
    const open = await rowOf(base.requestUrl);
    expect(within(open).getByText('未处理')).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: /已处理/ })).toBeInTheDocument();
    expect(within(open).getByRole('button', { name: /已忽略/ })).toBeInTheDocument();
    const processed = await rowOf(done.requestUrl);
    expect(within(processed).getByText('已处理')).toBeInTheDocument();
    expect(within(processed).queryByRole('button', { name: /已忽略/ })).not.toBeInTheDocument();
    expect(within(processed).getByRole('button', { name: /详细/ })).toBeInTheDocument();
  });

  it('hides the marks without update-status', async () => {
    setup(['infra:api-error-log:query']);
    const open = await rowOf(base.requestUrl);
    expect(within(open).queryByRole('button', { name: /已处理/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导出/ })).not.toBeInTheDocument();
  });

  it('marks a row after confirmation and says so', async () => {
    const user = setup(ALL);
    await user.click(within(await rowOf(base.requestUrl)).getByRole('button', { name: /已忽略/ }));
    expect(await screen.findByText('确认标记为已忽略?')).toBeInTheDocument();
    expect(stub.callsTo('/update-status')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/update-status')).toHaveLength(1));
    const call = stub.callsTo('/update-status')[0]!;
    expect(call.method).toBe('PUT');
    expect(call.query.get('id')).toBe('7');
    expect(call.query.get('processStatus')).toBe('2');
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('shows the exception in the detail dialog', async () => {
    const user = setup(ALL);
    await user.click(within(await rowOf(done.requestUrl)).getByRole('button', { name: /详细/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('错误日志详细')).toBeInTheDocument();
    expect(within(dialog).getByText('SqliteError')).toBeInTheDocument();
    expect(within(dialog).getByText(/at Database\.prepare/)).toBeInTheDocument();
    expect(within(dialog).getByText('/srv/node_modules/x.js:1（prepare）')).toBeInTheDocument();
    expect(within(dialog).getByText('处理时间')).toBeInTheDocument();
    // 异常时间 and 处理时间.
    expect(within(dialog).getAllByText('2026-11-20 09:30:00')).toHaveLength(2);
  });
});
