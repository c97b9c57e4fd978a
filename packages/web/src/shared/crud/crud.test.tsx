import { postCreate, postDelete, postExport, postGet, postPage, postUpdate } from '@app/contract';
import type { Post } from '@app/contract';
import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { Form, Input } from 'antd';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useDictStore } from '../dict';
import { useSessionStore } from '../session/session-store';
import { COMMON_STATUS } from '../../test/dicts';
import { ok, stubHttp } from '../../test/http-stub';
import { renderPage } from '../../test/render-page';
import type { StubCall } from '../../test/http-stub';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  ExportButton,
  FormDialog,
  formatListState,
  invalidateEndpoints,
  ListPage,
  parseListState,
  queryKey,
  toFormValues,
  toQuery,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '.';
import type { SearchField } from '.';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '岗位名称' },
  { kind: 'dict', name: 'status', label: '状态', dictType: 'common_status' },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const post = (id: number): Post => ({
  id,
  code: `code${id}`,
  name: `岗位${id}`,
  sort: id,
  status: 0,
  remark: null,
  createTime: new Date(2026, 0, 2, 3, 4, 5).getTime(),
});

describe('list state in the address', () => {
  it('round-trips page, size and a query, and keeps a plain address for the initial state', () => {
    const state = { pageNo: 3, pageSize: 50, query: { name: '张 三', createTime: ['a', 'b'] } };
    const hash = formatListState(state);
    expect(hash).toBe('#pageNo=3&pageSize=50&name=%E5%BC%A0+%E4%B8%89&createTime=a&createTime=b');
    expect(parseListState(hash, ['name', 'createTime'])).toEqual(state);
    expect(formatListState({ pageNo: 1, pageSize: 20, query: {} })).toBe('');
  });

  it('ignores unknown names and falls back on sizes off the menu and bad numbers', () => {
    expect(parseListState('#pageNo=-2&pageSize=33&evil=1&name=x', ['name'])).toEqual({
      pageNo: 1,
      pageSize: 20,
      query: { name: 'x' },
    });
  });
});

describe('search fields', () => {
  it('turn form values into the query and back', () => {
    const values = {
      name: '  张三 ',
      status: 0,
      createTime: [dayjs('2026-01-02 10:00:00'), dayjs('2026-01-05 08:00:00')],
    };
    const query = toQuery(SEARCH, values);
    expect(query).toEqual({
      name: '张三',
      status: '0',
      createTime: ['2026-01-02 00:00:00', '2026-01-05 23:59:59'],
    });
    const back = toFormValues(SEARCH, query);
    expect(back.name).toBe('张三');
    expect(back.status).toBe(0);
    expect((back.createTime as dayjs.Dayjs[]).map((d) => d.format('YYYY-MM-DD'))).toEqual([
      '2026-01-02',
      '2026-01-05',
    ]);
    expect(toQuery(SEARCH, { name: '   ', status: undefined, createTime: null })).toEqual({});
  });
});

describe('query keys', () => {
  it('group an endpoint under its resource, and a write refreshes every read of it', async () => {
    expect(queryKey(postPage, { pageNo: 1 })).toEqual(['/system/post', '/system/post/page', { pageNo: 1 }]);
    const client = new QueryClient();
    client.setQueryData(queryKey(postPage, { pageNo: 1 }), 1);
    client.setQueryData(queryKey(postGet, { id: 1 }), 2);
    client.setQueryData(['/system/role', '/system/role/page'], 3);
    await invalidateEndpoints(client, postDelete);
    const stale = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.isStale())
      .map((query) => query.queryKey[1]);
    expect(stale.sort()).toEqual(['/system/post/get', '/system/post/page']);
  });
});

let stub: ReturnType<typeof stubHttp>;
let rows: Post[];
const pageCalls = () => stub.calls.filter((call) => call.path.endsWith('/system/post/page'));
/** A row's action button, found without role queries (slow over a whole table in jsdom). */
const rowButton = (rowText: string, label: string) =>
  within(screen.getByText(rowText).closest('tr')!).getByText(label).closest('button')!;
const searchForm = () => screen.getByRole('form', { name: '搜索条件' });
const searchButton = () => within(searchForm()).getByRole('button', { name: /搜\s*索/ });
const findDialog = async (title: string) =>
  (await screen.findByText(title, { selector: '.ant-modal-title' })).closest<HTMLElement>('.ant-modal')!;
const queryOf = (call: StubCall | undefined) => Object.fromEntries(call?.query ?? []);

function TestPage() {
  const list = useListPage(postPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<Post>({
    dialog,
    update: postUpdate,
    remove: postDelete,
    entity: '岗位',
  });
  return (
    <ListPage
      list={list}
      columns={[
        { title: '岗位名称', dataIndex: 'name' },
        { title: '岗位编码', dataIndex: 'code' },
        dictColumn<Post>('状态', 'status', 'common_status'),
        dateTimeColumn<Post>(),
        ...actions,
      ]}
      actions={
        <>
          <CreateButton endpoint={postCreate} onClick={dialog.openCreate} />
          <ExportButton endpoint={postExport} query={list.filter} entity="岗位" />
        </>
      }
      emptyText="暂无岗位"
    >
      <FormDialog
        control={dialog}
        entity="岗位"
        name="test-form"
        get={postGet}
        create={postCreate}
        update={postUpdate}
        initialValues={{ sort: 0, status: 0 }}
      >
        <Form.Item label="岗位名称" name="name" rules={[{ required: true, message: '岗位名称不能为空' }]}>
          <Input />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}

const setup = (permissions: string[], address = '/system/post') =>
  renderPage(<TestPage />, { permissions, path: '/system/post', address });

beforeEach(() => {
  rows = Array.from({ length: 45 }, (_, index) => post(index + 1));
  useDictStore.getState().setDictData(COMMON_STATUS);
  stub = stubHttp((call) => {
    if (call.path.endsWith('/system/post/page')) {
      const pageNo = Number(call.query.get('pageNo'));
      const pageSize = Number(call.query.get('pageSize'));
      const name = call.query.get('name');
      const found = rows.filter((row) => !name || row.name.includes(name));
      return ok({ list: found.slice((pageNo - 1) * pageSize, pageNo * pageSize), total: found.length });
    }
    if (call.path.endsWith('/system/post/get')) return ok(post(Number(call.query.get('id'))));
    if (call.path.endsWith('/system/post/delete')) {
      rows = rows.filter((row) => row.id !== Number(call.query.get('id')));
      return ok(true);
    }
    if (call.path.endsWith('/system/post/export')) return new Blob(['x']);
    return ok(1);
  });
});

afterEach(() => {
  stub.restore();
  useDictStore.getState().reset();
  useSessionStore.getState().reset();
});

describe('list page', { timeout: 30_000 }, () => {
  it('sends the page it shows, keeps search and page in the address, and restores them from it', async () => {
    const { router, user } = setup(['system:post:query']);
    await screen.findByText('岗位1');
    expect(queryOf(pageCalls()[0])).toEqual({ pageNo: '1', pageSize: '20' });
    expect(screen.getByText('共 45 条')).toBeInTheDocument();
    // The dictionary and date-time columns.
    const firstRow = screen.getByText('岗位1').closest('tr')!;
    expect(within(firstRow).getByText('开启')).toBeInTheDocument();
    expect(within(firstRow).getByText('2026-01-02 03:04:05')).toBeInTheDocument();

    await user.click(screen.getByRole('listitem', { name: '2' }));
    await screen.findByText('岗位21');
    expect(queryOf(pageCalls().at(-1))).toEqual({ pageNo: '2', pageSize: '20' });
    await waitFor(() => expect(router.state.location.hash).toBe('#pageNo=2'));

    await user.type(screen.getByPlaceholderText('请输入岗位名称'), '岗位4');
    await user.click(searchButton());
    await waitFor(() =>
      expect(queryOf(pageCalls().at(-1))).toEqual({ pageNo: '1', pageSize: '20', name: '岗位4' }),
    );
    await waitFor(() => expect(router.state.location.hash).toBe('#name=%E5%B2%97%E4%BD%8D4'));
    // No create, update or delete permission: no such buttons, and no 操作 column.
    expect(screen.queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(screen.queryByText('修改')).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
  });

  it('asks the server again when 搜索 is pressed with the filters unchanged', async () => {
    const { user } = setup(['system:post:query']);
    await screen.findByText('岗位1');
    rows = [post(99), ...rows];
    await user.click(searchButton());
    await screen.findByText('岗位99');
    expect(pageCalls()).toHaveLength(2);
    expect(queryOf(pageCalls()[1])).toEqual({ pageNo: '1', pageSize: '20' });
  });

  it('opens on the list the address names', async () => {
    setup(['system:post:query'], '/system/post#pageNo=2&pageSize=10&name=%E5%B2%97%E4%BD%8D');
    await screen.findByText('岗位11');
    expect(queryOf(pageCalls()[0])).toEqual({ pageNo: '2', pageSize: '10', name: '岗位' });
    expect(screen.getByPlaceholderText('请输入岗位名称')).toHaveValue('岗位');
  });

  it('resets the search, hides the search form and hides columns', async () => {
    const { user } = setup(['system:post:query']);
    await screen.findByText('岗位1');
    await user.type(screen.getByPlaceholderText('请输入岗位名称'), '岗位4');
    await user.click(searchButton());
    await waitFor(() => expect(queryOf(pageCalls().at(-1)).name).toBe('岗位4'));
    await user.click(within(searchForm()).getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(queryOf(pageCalls().at(-1))).toEqual({ pageNo: '1', pageSize: '20' }));
    expect(screen.getByPlaceholderText('请输入岗位名称')).toHaveValue('');

    await user.click(screen.getByRole('button', { name: '隐藏搜索' }));
    expect(document.querySelector('form.list-search')).toHaveAttribute('hidden');
    await user.click(screen.getByRole('button', { name: '显隐列' }));
    const picker = await findDialog('显示/隐藏');
    await user.click(within(picker).getByText('岗位编码'));
    await user.click(picker.querySelectorAll<HTMLButtonElement>('.ant-transfer-actions button')[0]!);
    await waitFor(() =>
      expect(screen.queryByRole('columnheader', { name: '岗位编码' })).not.toBeInTheDocument(),
    );
  });

  it('creates through the dialog after validation and says 新增成功', async () => {
    const { user } = setup(['system:post:query', 'system:post:create']);
    await screen.findByText('岗位1');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await findDialog('添加岗位');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('岗位名称不能为空')).toBeInTheDocument();
    expect(stub.calls.some((call) => call.path.endsWith('/create'))).toBe(false);
    await user.type(within(dialog).getByLabelText('岗位名称'), '新岗位');
    const before = pageCalls().length;
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('新增成功');
    const create = stub.calls.find((call) => call.path.endsWith('/system/post/create'));
    // Only the form's fields travel: `sort` and `status` have no field in this form.
    expect(create?.body).toEqual({ name: '新岗位' });
    await waitFor(() => expect(pageCalls().length).toBeGreaterThan(before));
  });

  it('loads the row by the get endpoint, updates it with its id and says 修改成功', async () => {
    const { user } = setup(['system:post:query', 'system:post:update']);
    await screen.findByText('岗位1');
    await user.click(rowButton('岗位3', '修改'));
    const dialog = await findDialog('修改岗位');
    await waitFor(() => expect(within(dialog).getByLabelText('岗位名称')).toHaveValue('岗位3'));
    expect(queryOf(stub.calls.find((call) => call.path.endsWith('/system/post/get')))).toEqual({ id: '3' });
    await user.clear(within(dialog).getByLabelText('岗位名称'));
    await user.type(within(dialog).getByLabelText('岗位名称'), '改名');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('修改成功');
    const update = stub.calls.find((call) => call.path.endsWith('/system/post/update'));
    expect(update?.body).toMatchObject({ id: 3, name: '改名' });
  });

  it('deletes after the 系统提示 confirmation and refreshes the list', async () => {
    const { user } = setup(['system:post:query', 'system:post:delete']);
    await screen.findByText('岗位1');
    await user.click(rowButton('岗位1', '删除'));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('系统提示');
    expect(confirm).toHaveTextContent('是否确认删除岗位编号为"1"的数据项?');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('删除成功');
    await waitFor(() => expect(screen.queryByText('岗位1')).not.toBeInTheDocument());
    expect(queryOf(stub.calls.find((call) => call.path.endsWith('/delete')))).toEqual({ id: '1' });
  });

  it('exports the searched rows after confirmation', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { user } = setup(['system:post:query', 'system:post:export'], '/system/post#name=%E5%B2%97');
    await screen.findByText('岗位1');
    await user.click(screen.getByRole('button', { name: /导出/ }));
    const confirm = await screen.findByRole('dialog');
    expect(confirm).toHaveTextContent('是否确认导出所有岗位数据项?');
    await user.click(within(confirm).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(queryOf(stub.calls.find((call) => call.path.endsWith('/export')))).toEqual({ name: '岗' });
    click.mockRestore();
  });
});
