import {
  DICT_TYPE,
  loginLogPage,
  noticePage,
  postCreate,
  postDelete,
  postGet,
  postPage,
  postUpdate,
} from '@app/contract';
import type { LoginLog, Notice, Post } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { COMMON_STATUS } from '../../test/dicts';
import { fail, ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { dictColumn, idColumn, statusField, textColumn, textField, useCrudPage } from '.';

const post: Post = {
  id: 3,
  code: 'ceo',
  name: '董事长',
  sort: 1,
  status: 0,
  remark: null,
  createTime: 0,
};
const log = { id: 9, username: 'admin', userAgent: 'Firefox' } as LoginLog;

/** Post 3 is listed; post 4 is listed too but was deleted meanwhile (get answers null). */
const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/system/post/page'))
      return ok({ list: [post, { ...post, id: 4, name: '已删除' }], total: 2 });
    if (call.path.endsWith('/system/post/get'))
      return ok(call.query.get('id') === '3' ? { ...post, remark: '最新' } : null);
    if (call.path.endsWith('/system/login-log/page')) return ok({ list: [log], total: 1 });
    if (call.path.endsWith('/system/notice/page')) return fail(500, '系统异常');
    return ok(1);
  },
  { dicts: COMMON_STATUS },
);

function PostCrud() {
  return useCrudPage({
    endpoints: { page: postPage, get: postGet, create: postCreate, update: postUpdate, delete: postDelete },
    entity: '岗位',
    columns: [
      idColumn<Post>('岗位编号'),
      textColumn<Post>('岗位名称', 'name'),
      dictColumn<Post>('状态', 'status', DICT_TYPE.COMMON_STATUS),
    ],
    rowActions: { more: (row) => [{ key: 'x', label: `额外${row.id}`, onClick: () => undefined }] },
    emptyText: '暂无岗位',
    form: { name: 'crud-test-form', initialValues: { status: 0 }, missing: '岗位不存在' },
    fields: (
      <>
        {textField('岗位名称', 'name', 5, { compact: 'length' })}
        {textField('备注', 'remark', 500, { optional: true })}
        {statusField()}
      </>
    ),
  });
}

function LogCrud() {
  return useCrudPage({
    endpoints: { page: loginLogPage },
    entity: '登录日志',
    columns: [textColumn<LoginLog>('用户名称', 'username')],
    detail: {
      title: '登录日志详细',
      items: (row) => [
        ['用户名称', row.username],
        ['浏览器', row.userAgent],
      ],
    },
  });
}

function FailingCrud() {
  return useCrudPage({
    endpoints: { page: noticePage },
    entity: '公告',
    columns: [textColumn<Notice>('公告标题', 'title')],
    emptyText: '暂无通知公告',
  });
}

const findDialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const ok确定 = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });

describe('useCrudPage', { timeout: 30_000 }, () => {
  it('shows neither 新增 nor the 操作 column to a user who may only query', async () => {
    renderPage(<PostCrud />, { permissions: ['system:post:query'], path: '/system/post' });
    await screen.findByText('董事长');
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
  });

  it('creates through the fields, with their rules, and edits a row loaded by get', async () => {
    const { user } = renderPage(<PostCrud />, {
      permissions: ['system:post:query', 'system:post:create', 'system:post:update'],
      path: '/system/post',
    });
    await screen.findByText('董事长');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const create = await findDialog('添加岗位');
    await user.type(within(create).getByPlaceholderText('请输入岗位名称'), '太长的岗位名');
    await user.click(ok确定(create));
    // The older forms' wording of the limit.
    expect(await within(create).findByText('岗位名称长度不能超过5个字符')).toBeInTheDocument();
    await user.clear(within(create).getByLabelText('岗位名称'));
    await user.type(within(create).getByLabelText('岗位名称'), '新岗位');
    await user.click(ok确定(create));
    await waitFor(() => expect(stub.callsTo('/system/post/create')).toHaveLength(1));
    expect(stub.callsTo('/system/post/create')[0]?.body).toEqual({ name: '新岗位', status: 0 });

    const row = screen.getByText('董事长').closest('tr')!;
    expect(within(row).getByText('额外3')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /修改/ }));
    const update = await findDialog('修改岗位');
    await waitFor(() => expect(within(update).getByLabelText('备注')).toHaveValue('最新'));
    await user.click(ok确定(update));
    await waitFor(() => expect(stub.callsTo('/system/post/update')).toHaveLength(1));
    expect(stub.callsTo('/system/post/update')[0]?.body).toMatchObject({
      id: 3,
      name: '董事长',
      remark: '最新',
    });
  });

  it('says so when the row was deleted meanwhile, closes the dialog and reloads the list', async () => {
    const { user } = renderPage(<PostCrud />, {
      permissions: ['system:post:query', 'system:post:update'],
      path: '/system/post',
    });
    const row = (await screen.findByText('已删除')).closest('tr')!;
    const pages = stub.callsTo('/system/post/page').length;
    await user.click(within(row).getByRole('button', { name: /修改/ }));
    expect(await screen.findByText('岗位不存在')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/system/post/page').length).toBeGreaterThan(pages));
    await waitFor(() => expect(screen.queryByText('修改岗位')).not.toBeInTheDocument());
  });

  it('gives a list without a form its 详细 action and dialog instead of 修改 / 删除', async () => {
    const { user } = renderPage(<LogCrud />, { permissions: ['system:login-log:query'], path: '/log' });
    const row = (await screen.findByText('admin')).closest('tr')!;
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /详细/ }));
    const detail = await findDialog('登录日志详细');
    expect(within(detail).getByText('Firefox')).toBeInTheDocument();
  });

  it('says a list that failed to load failed, not that it is empty', async () => {
    renderPage(<FailingCrud />, { permissions: ['system:notice:query'], path: '/notice' });
    expect(await screen.findByText('加载失败，请刷新重试')).toBeInTheDocument();
    expect(screen.queryByText('暂无通知公告')).not.toBeInTheDocument();
  });
});
