import type { Notice } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMON_STATUS, dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { NoticePage } from './pages/system/notice';

const notice: Notice = {
  id: 7,
  title: '停机通知',
  type: 1,
  content: '今晚停机',
  status: 0,
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
};

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/system/notice/page')) return ok({ list: [notice], total: 1 });
    if (call.path.endsWith('/system/notice/push')) return ok(true);
    return ok(null);
  },
  { dicts: [dict('system_notice_type', '1', '通知', 'success'), ...COMMON_STATUS] },
);

const setup = (permissions: string[]) =>
  renderPage(<NoticePage />, { permissions, path: '/system/notice' }).user;

describe('notice page', { timeout: 30_000 }, () => {
  it('shows a read-only list without actions to a user who may only query', async () => {
    setup(['system:notice:query']);
    await screen.findByText('停机通知');
    expect(screen.getByText('开启')).toBeInTheDocument();
    for (const name of ['新增', '修改', '删除', '推送'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('pushes a notice after confirmation', async () => {
    const user = setup(['system:notice:query', 'system:notice:update']);
    const row = (await screen.findByText('停机通知')).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /推送/ }));
    expect(await screen.findByText('是否推送所选中通知？')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.path.endsWith('/push'))).toBe(false);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.calls.some((c) => c.path.endsWith('/push'))).toBe(true));
    const push = stub.calls.find((c) => c.path.endsWith('/push'))!;
    expect(push.method).toBe('POST');
    expect(push.query.get('id')).toBe('7');
  });

  it('checks the form before saving', async () => {
    const user = setup(['system:notice:query', 'system:notice:create']);
    await screen.findByText('停机通知');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('公告标题不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('公告内容不能为空')).toBeInTheDocument();
    expect(stub.calls.some((c) => c.path.endsWith('/create'))).toBe(false);
  });
});
