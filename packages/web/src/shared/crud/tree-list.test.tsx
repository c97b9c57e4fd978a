import { deptDelete, deptList, postPage } from '@app/contract';
import type { Dept } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../session/session-store';
import { ok, stubHttp } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { renderPage } from '../../test/render-page';
import { useConfirmedCall } from './confirmed-call';
import { ListPage } from './list-page';
import type { SearchField } from './search-fields';
import { ExpandAllButton, useTreeList } from './tree-list';
import { useListPage } from './use-list-page';

const SEARCH: SearchField[] = [{ kind: 'text', name: 'name', label: '部门名称' }];
const dept = (id: number, parentId: number, name: string) => ({ id, parentId, name }) as Dept;
let rows: Dept[];
let stub: ReturnType<typeof stubHttp>;
const searchForm = () => document.querySelector<HTMLElement>('form.list-search')!;
const queryOf = (call: StubCall | undefined) => Object.fromEntries(call?.query ?? []);
const calls = (suffix: string) => stub.calls.filter((call) => call.path.endsWith(suffix));
const shown = () =>
  [...document.querySelectorAll('.ant-table-tbody tr.ant-table-row')].map((tr) => tr.textContent);

function TreePage() {
  const list = useTreeList(deptList, { search: SEARCH, expandAll: true });
  const confirmed = useConfirmedCall();
  return (
    <ListPage
      list={list}
      columns={[
        { title: '名称', dataIndex: 'name' },
        {
          title: '操作',
          key: 'actions',
          render: (_: unknown, row: Dept) => (
            <button
              type="button"
              onClick={() =>
                confirmed({
                  content: `是否确认删除名称为"${row.name}"的数据项?`,
                  endpoint: deptDelete,
                  options: { query: { id: row.id } },
                  success: '删除成功',
                })
              }
            >
              删除{row.name}
            </button>
          ),
        },
      ]}
      actions={<ExpandAllButton list={list} />}
      table={{ expandable: list.expandable }}
    />
  );
}

function DefaultsPage() {
  const list = useListPage(postPage, { search: SEARCH, defaults: { name: '默认' } });
  return <ListPage list={list} columns={[{ title: '名称', dataIndex: 'name' }]} />;
}

const setup = (element: React.ReactElement, address = '/list') =>
  renderPage(element, { permissions: ['*:*:*'], path: '/list', address });

beforeEach(() => {
  rows = [dept(1, 0, '总公司'), dept(2, 1, '研发部'), dept(3, 2, '小组'), dept(4, 1, '运营部')];
  stub = stubHttp((call) => {
    if (call.path.endsWith('/system/dept/list')) {
      const name = call.query.get('name');
      return ok(rows.filter((row) => !name || row.name.includes(name)));
    }
    if (call.path.endsWith('/system/dept/delete')) {
      rows = rows.filter((row) => row.id !== Number(call.query.get('id')));
      return ok(true);
    }
    if (call.path.endsWith('/system/post/page')) return ok({ list: [], total: 0 });
    return ok(true);
  });
});

afterEach(() => {
  stub.restore();
  useSessionStore.getState().reset();
});

describe('tree list', { timeout: 30_000 }, () => {
  it('nests the rows, opens every branch, toggles them all and searches', async () => {
    const { user } = setup(<TreePage />);
    await screen.findByText('小组');
    expect(shown()).toHaveLength(4);
    expect(queryOf(calls('/dept/list')[0])).toEqual({});
    await user.click(screen.getByRole('button', { name: /展开\/折叠/ }));
    await waitFor(() => expect(shown()).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: /展开\/折叠/ }));
    await waitFor(() => expect(shown()).toHaveLength(4));
    // No pager under a tree.
    expect(document.querySelector('.ant-pagination')).toBeNull();

    await user.type(screen.getByPlaceholderText('请输入部门名称'), '研发');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(queryOf(calls('/dept/list').at(-1))).toEqual({ name: '研发' }));
    await waitFor(() => expect(shown()).toHaveLength(1));
  });

  it('asks the server again when 搜索 is pressed with the filters unchanged', async () => {
    const { user } = setup(<TreePage />);
    await screen.findByText('小组');
    rows = [...rows, dept(5, 1, '财务部')];
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await screen.findByText('财务部');
    expect(calls('/dept/list')).toHaveLength(2);
  });

  it('asks before a call with its own question, then says so and refreshes the list', async () => {
    const { user } = setup(<TreePage />);
    await user.click(await screen.findByRole('button', { name: '删除运营部' }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('系统提示');
    expect(confirm).toHaveTextContent('是否确认删除名称为"运营部"的数据项?');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    expect(queryOf(calls('/dept/delete')[0])).toEqual({ id: '4' });
    await waitFor(() => expect(screen.queryByText('运营部')).not.toBeInTheDocument());
  });
});

describe('list defaults', { timeout: 30_000 }, () => {
  it('opens on the defaults without naming them in the address, and 重置 returns to them', async () => {
    const { router, user } = setup(<DefaultsPage />);
    await waitFor(() => expect(queryOf(calls('/post/page')[0])).toMatchObject({ name: '默认' }));
    expect(screen.getByPlaceholderText('请输入部门名称')).toHaveValue('默认');
    expect(router.state.location.hash).toBe('');
    await user.clear(screen.getByPlaceholderText('请输入部门名称'));
    await user.type(screen.getByPlaceholderText('请输入部门名称'), '别的');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(router.state.location.hash).toBe('#name=%E5%88%AB%E7%9A%84'));
    await user.click(within(searchForm()).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(queryOf(calls('/post/page').at(-1))).toMatchObject({ name: '默认' }));
    expect(screen.getByPlaceholderText('请输入部门名称')).toHaveValue('默认');
    await waitFor(() => expect(router.state.location.hash).toBe(''));
  });

  it('opens on what the address names instead', async () => {
    setup(<DefaultsPage />, '/list#name=x');
    await waitFor(() => expect(queryOf(calls('/post/page')[0])).toMatchObject({ name: 'x' }));
  });
});
