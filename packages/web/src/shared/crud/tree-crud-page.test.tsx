import { deptCreate, deptDelete, deptGet, deptList, deptUpdate } from '@app/contract';
import type { Dept } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { ok, stubHttp } from '../../test/http-stub';
import { renderPage } from '../../test/render-page';
import type { TreeNode } from '../tree/build-tree';
import { useTreeCrudPage } from './tree-crud-page';

const ENDPOINTS = {
  list: deptList,
  get: deptGet,
  create: deptCreate,
  update: deptUpdate,
  delete: deptDelete,
};
const COLUMNS: TableColumnsType<TreeNode<Dept>> = [{ title: '名称', dataIndex: 'name' }];
const dept = (id: number, parentId: number, name: string) => ({ id, parentId, name }) as Dept;
let rows: Dept[];
let stub: ReturnType<typeof stubHttp>;
const bodies = (suffix: string) => stub.calls.filter((c) => c.path.endsWith(suffix)).map((c) => c.body);
const rowOf = (name: string) => screen.getByText(name).closest('tr')!;

/** The parent choices as the fields see them, written out. */
type Choice = { title: string; children?: Choice[] };
const titles = (choices: Choice[]): unknown[] =>
  choices.map((c) => (c.children ? [c.title, titles(c.children)] : c.title));

function TreePage() {
  return useTreeCrudPage({
    endpoints: ENDPOINTS,
    entity: '部门',
    search: [],
    columns: COLUMNS,
    emptyText: '暂无部门',
    takesChildren: (row) => row.name !== '小组',
    deletable: (row) => row.parentId !== 0,
    form: { name: 'tree-form' },
    fields: (parents) => (
      <>
        <output data-testid="parents">{JSON.stringify(titles(parents.tree('顶级部门')))}</output>
        <Form.Item label="上级部门" name="parentId">
          <Input />
        </Form.Item>
        <Form.Item label="部门名称" name="name">
          <Input />
        </Form.Item>
      </>
    ),
  });
}

const setup = (
  permissions = ['system:dept:query', 'system:dept:create', 'system:dept:update', 'system:dept:delete'],
) => renderPage(<TreePage />, { permissions, path: '/list' }).user;

beforeEach(() => {
  rows = [dept(1, 0, '总公司'), dept(2, 1, '研发部'), dept(3, 2, '小组'), dept(4, 1, '运营部')];
  stub = stubHttp((call) => {
    if (call.path.endsWith('/system/dept/list')) return ok(rows);
    if (call.path.endsWith('/system/dept/get'))
      return ok(rows.find((row) => row.id === Number(call.query.get('id'))) ?? null);
    if (call.path.endsWith('/system/dept/create')) return ok(9);
    if (call.path.endsWith('/system/dept/delete')) {
      rows = rows.filter((row) => row.id !== Number(call.query.get('id')));
      return ok(true);
    }
    return ok(true);
  });
});

afterEach(() => {
  stub.restore();
  useSessionStore.getState().reset();
});

describe('tree entity page', { timeout: 30_000 }, () => {
  it('adds a child below the row whose 新增 was clicked', async () => {
    const user = setup();
    await screen.findByText('小组');
    await user.click(within(rowOf('研发部')).getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog', { name: '添加部门' });
    expect(within(dialog).getByLabelText('上级部门')).toHaveValue('2');
    await user.type(within(dialog).getByLabelText('部门名称'), '测试组');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodies('/system/dept/create')).toEqual([{ parentId: 2, name: '测试组' }]));
  });

  it('offers every row but the one edited and those below it as its parent', async () => {
    const user = setup();
    await screen.findByText('小组');
    await user.click(within(rowOf('研发部')).getByRole('button', { name: /修改/ }));
    await screen.findByRole('dialog', { name: '修改部门' });
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('parents').textContent!)).toEqual([
        ['顶级部门', [['总公司', ['运营部']]]],
      ]),
    );
  });

  it('offers 新增 and 删除 on the rows that take them, and deletes after the question', async () => {
    const user = setup();
    await screen.findByText('小组');
    expect(within(rowOf('小组')).queryByRole('button', { name: /新增/ })).toBeNull();
    expect(within(rowOf('总公司')).queryByRole('button', { name: /删除/ })).toBeNull();
    await user.click(within(rowOf('运营部')).getByRole('button', { name: /删除/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('是否确认删除部门"运营部"?');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('运营部')).not.toBeInTheDocument());
  });

  it('shows only what the user may do', async () => {
    setup(['system:dept:query', 'system:dept:update']);
    await screen.findByText('小组');
    expect(within(rowOf('研发部')).getByRole('button', { name: /修改/ })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /新增/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /删除/ })).toBeNull();
  });
});
