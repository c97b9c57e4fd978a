import type { CodegenTable, DataSourceConfig } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { contactTable } from './codegen-fixtures';
import CodegenPage from './pages/infra/codegen';

const mysql: DataSourceConfig = {
  id: 5,
  name: 'MariaDB 测试库',
  url: 'jdbc:mysql://h/test',
  username: 'root',
  createTime: 0,
};
const orders: CodegenTable = {
  ...contactTable,
  id: 2,
  dataSourceConfigId: 5,
  tableName: 'shop_order',
  className: 'ShopOrder',
};
const PREVIEW = [
  { filePath: 'packages/contract/src/api/demo01-contact.ts', code: 'export const demo01Contact = 1;' },
  { filePath: 'packages/server/src/modules/demo01-contact/service.ts', code: 'export class Service {}' },
  { filePath: 'packages/server/src/db/migrations/gen_infra_demo01_contact.ts', code: 'export const up = 1;' },
  { filePath: 'README.md', code: '# 示例联系人' },
];
const DB_TABLES = [
  { name: 'demo03_student', comment: '学生表' },
  { name: 'demo04_course', comment: '课程表' },
];
let dbTables = DB_TABLES;
beforeEach(() => {
  dbTables = DB_TABLES;
});

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/infra/codegen/table/page')) return ok({ list: [contactTable, orders], total: 2 });
  if (call.path.endsWith('/data-source-config/list'))
    return ok([{ id: 0, name: 'master', url: 'sqlite:x', username: null, createTime: null }, mysql]);
  if (call.path.endsWith('/infra/codegen/db/table/list')) return ok(dbTables);
  if (call.path.endsWith('/infra/codegen/create-list')) return ok([3]);
  if (call.path.endsWith('/infra/codegen/preview')) return ok(PREVIEW);
  if (call.path.endsWith('/infra/codegen/download')) return new Blob(['zip']);
  return ok(true);
});

const ALL = ['query', 'create', 'update', 'delete', 'preview', 'download'].map((a) => `infra:codegen:${a}`);
const setup = (permissions = [...ALL, 'infra:data-source-config:query']) =>
  renderPage(<CodegenPage />, {
    permissions,
    path: '/infra/codegen',
    routes: [{ path: '/codegen/edit/:tableId', element: <p>编辑页</p> }],
  });
const OK = /确\s*定/;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const menuItem = async (user: UserEvent, row: HTMLElement, name: RegExp) => {
  await user.click(within(row).getByRole('button', { name: /更多/ }));
  return screen.findByRole('menuitem', { name });
};

describe('codegen page', { timeout: 30_000 }, () => {
  it('lists the tables with their data source by name and the actions the user may take', async () => {
    setup();
    const row = await rowOf('shop_order');
    expect(await within(row).findByText('MariaDB 测试库')).toBeInTheDocument();
    expect(within(await rowOf('demo01_contact')).getByText('master')).toBeInTheDocument();
    expect(within(row).getByText('ShopOrder')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20 08:01:00')).toBeInTheDocument();
    for (const title of ['数据源', '表名称', '表描述', '实体', '创建时间', '更新时间', '操作'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
    for (const name of [/预览/, /编辑/, /删除/, /更多/])
      expect(within(row).getByRole('button', { name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /导入/ })).toBeInTheDocument();
    const page = stub.callsTo('/infra/codegen/table/page')[0]!;
    expect([page.query.get('pageNo'), page.query.get('pageSize')]).toEqual(['1', '20']);
  });

  it('shows a reader the list alone, with the data source numbers when the sources are not theirs to list', async () => {
    setup(['infra:codegen:query']);
    const row = await rowOf('shop_order');
    expect(within(row).getByText('5')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导入|预览|编辑|删除|更多/ })).not.toBeInTheDocument();
    expect(screen.queryByText('操作')).not.toBeInTheDocument();
    expect(stub.callsTo('/data-source-config/list')).toHaveLength(0);
  });

  it('opens 编辑 on the edit page of the table', async () => {
    const { user, router } = setup();
    await user.click(within(await rowOf('shop_order')).getByRole('button', { name: /编辑/ }));
    expect(router.state.location.pathname).toBe('/codegen/edit/2');
  });

  it('deletes after the confirmation, by table id', async () => {
    const { user } = setup();
    await user.click(within(await rowOf('shop_order')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除表定义编号为"2"的数据项?')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OK }));
    await waitFor(() => expect(stub.callsTo('/infra/codegen/delete')).toHaveLength(1));
    expect(stub.callsTo('/infra/codegen/delete')[0]!.query.get('tableId')).toBe('2');
    await waitFor(() => expect(stub.callsTo('/infra/codegen/table/page')).toHaveLength(2));
  });

  it('synchronises the table structure after the confirmation', async () => {
    const { user } = setup();
    const row = await rowOf('shop_order');
    await user.click(await menuItem(user, row, /同步/));
    expect(await screen.findByText('确认要强制同步"shop_order"表结构吗？')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: OK }));
    expect(await screen.findByText('同步成功')).toBeInTheDocument();
    const sync = stub.callsTo('/infra/codegen/sync-from-db')[0]!;
    expect([sync.method, sync.query.get('tableId')]).toEqual(['PUT', '2']);
  });

  it('downloads the generated code as codegen-<table>.zip', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:zip');
    URL.revokeObjectURL = vi.fn();
    let downloaded = '';
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloaded = this.download;
    });
    const { user } = setup();
    await user.click(await menuItem(user, await rowOf('shop_order'), /生成代码/));
    await waitFor(() => expect(downloaded).toBe('codegen-shop_order.zip'));
    expect(stub.callsTo('/infra/codegen/download')[0]!.query.get('tableId')).toBe('2');
  });

  it('imports the tables chosen by a click on their rows, from the first data source unless another is chosen', async () => {
    const { user } = setup();
    await rowOf('shop_order');
    await user.click(screen.getByRole('button', { name: /导入/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('导入表')).toBeInTheDocument();
    await within(dialog).findByText('demo03_student');
    expect(stub.callsTo('/infra/codegen/db/table/list')[0]!.query.get('dataSourceConfigId')).toBe('0');
    expect(within(dialog).getByRole('button', { name: OK })).toBeDisabled();

    await user.click(within(dialog).getByRole('combobox', { name: '数据源' }));
    await user.click(await screen.findByTitle('MariaDB 测试库'));
    await waitFor(() =>
      expect(stub.callsTo('/infra/codegen/db/table/list').at(-1)!.query.get('dataSourceConfigId')).toBe('5'),
    );
    await user.type(within(dialog).getByPlaceholderText('请输入表名称'), 'demo');
    await user.click(within(dialog).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() =>
      expect(stub.callsTo('/infra/codegen/db/table/list').at(-1)!.query.get('name')).toBe('demo'),
    );

    await user.click(await within(dialog).findByText('demo03_student'));
    await user.click(within(dialog).getByText('demo04_course'));
    await user.click(within(dialog).getByText('demo04_course'));
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(stub.callsTo('/infra/codegen/create-list')).toHaveLength(1));
    expect(stub.callsTo('/infra/codegen/create-list')[0]!.body).toEqual({
      dataSourceConfigId: 5,
      tableNames: ['demo03_student'],
    });
    expect(await screen.findByText('导入成功')).toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/infra/codegen/table/page')).toHaveLength(2));
  });

  it('says so when there is nothing to import', async () => {
    dbTables = [];
    const { user } = setup();
    await rowOf('shop_order');
    await user.click(screen.getByRole('button', { name: /导入/ }));
    expect(await within(await screen.findByRole('dialog')).findByText('没有可导入的表')).toBeInTheDocument();
  });

  it('previews the files as a tree and copies the chosen one', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { user } = setup();
    await user.click(within(await rowOf('demo01_contact')).getByRole('button', { name: /预览/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('代码预览')).toBeInTheDocument();
    // "packages" holds only folders but more than one: a node of its own; "contract/src/api" is one node.
    expect(await within(dialog).findByTitle('packages')).toBeInTheDocument();
    expect(within(dialog).getByTitle('contract/src/api')).toBeInTheDocument();
    expect(within(dialog).getByTitle('server/src')).toBeInTheDocument();
    expect(within(dialog).getByTitle('service.ts')).toBeInTheDocument();
    // The first file shows, highlighted once highlight.js has loaded.
    const first = within(dialog).getByRole('region', { name: PREVIEW[0]!.filePath });
    expect(first).toHaveTextContent(PREVIEW[0]!.code);
    await waitFor(() => expect(first.querySelector('.hljs-keyword')).toHaveTextContent('export'));

    await user.click(within(dialog).getByTitle('README.md'));
    expect(within(dialog).getByRole('region', { name: 'README.md' })).toHaveTextContent('# 示例联系人');
    await user.click(within(dialog).getByRole('button', { name: /复制/ }));
    expect(writeText).toHaveBeenCalledWith('# 示例联系人');
    expect(await screen.findByText('复制成功')).toBeInTheDocument();
  });
});
