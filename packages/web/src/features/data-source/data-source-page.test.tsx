import type { DataSourceConfig } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { DataSourcePage } from './data-source-page';

const created = new Date(2026, 10, 20, 8, 0, 0).getTime();
const master: DataSourceConfig = {
  id: 0,
  name: 'master',
  url: 'postgresql://127.0.0.1:5432/admin',
  username: 'postgres',
  createTime: null,
};
const maria: DataSourceConfig = {
  id: 5,
  name: 'MariaDB 测试库',
  url: 'jdbc:mysql://127.0.0.1:3306/test',
  username: 'root',
  createTime: created,
};

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/data-source-config/list')) return ok([master, maria]);
  if (call.path.endsWith('/data-source-config/get')) return ok(maria);
  if (call.path.endsWith('/data-source-config/create')) return ok(6);
  return ok(true);
});
const calls = stub.callsTo;

const ALL = ['query', 'create', 'update', 'delete'].map((a) => `infra:data-source-config:${a}`);
const setup = (permissions: string[]) =>
  renderPage(<DataSourcePage />, { permissions, path: '/infra/data-source-config' }).user;
const OK = /确\s*定/;
const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

describe('data source page', { timeout: 30_000 }, () => {
  it('lists the master first, without 修改 or 删除, and the configured sources', async () => {
    setup(ALL);
    const masterRow = await rowOf('postgresql://127.0.0.1:5432/admin');
    const rows = document.querySelectorAll('tbody tr.ant-table-row');
    expect(rows[0]).toBe(masterRow);
    expect(within(masterRow).getByText('master')).toBeInTheDocument();
    expect(within(masterRow).queryByRole('button', { name: /修改|删除/ })).not.toBeInTheDocument();
    const row = await rowOf('jdbc:mysql://127.0.0.1:3306/test');
    expect(within(row).getByText('MariaDB 测试库')).toBeInTheDocument();
    expect(within(row).getByText('root')).toBeInTheDocument();
    expect(within(row).getByText('2026-11-20 08:00:00')).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /修改/ })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: /删除/ })).toBeInTheDocument();
    for (const title of ['主键编号', '数据源名称', '数据源连接', '用户名', '创建时间', '操作'])
      expect(screen.getAllByText(title).length).toBeGreaterThan(0);
  });

  it('shows only the list to a reader', async () => {
    setup(['infra:data-source-config:query']);
    await rowOf('jdbc:mysql://127.0.0.1:3306/test');
    for (const name of ['新增', '修改', '删除'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
  });

  it('creates a source, checking the URL as the server reads it; the password may stay empty', async () => {
    const user = setup(ALL);
    await rowOf('jdbc:mysql://127.0.0.1:3306/test');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('添加数据源配置')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: OK }));
    expect(await within(dialog).findByText('数据源名称不能为空')).toBeInTheDocument();
    expect(await within(dialog).findByText('数据源连接不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('数据源名称'), '新库');
    await user.type(within(dialog).getByLabelText('数据源连接'), 'jdbc:oracle:thin:@h:1521:x');
    expect(await within(dialog).findByText(/^数据源连接格式不正确/)).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('数据源连接'));
    await user.type(within(dialog).getByLabelText('数据源连接'), 'jdbc:mysql://127.0.0.1:3306/test');
    await user.type(within(dialog).getByLabelText('用户名'), 'root');
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/data-source-config/create')).toHaveLength(1));
    expect(calls('/data-source-config/create')[0]!.body).toEqual({
      name: '新库',
      url: 'jdbc:mysql://127.0.0.1:3306/test',
      username: 'root',
      password: null,
    });
  });

  it('edits a source keeping its password unless one is typed', async () => {
    const user = setup(ALL);
    const row = await rowOf('jdbc:mysql://127.0.0.1:3306/test');
    await user.click(within(row).getByRole('button', { name: /修改/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('修改数据源配置')).toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText('数据源名称')).toHaveValue('MariaDB 测试库'));
    expect(within(dialog).getByLabelText('密码')).toHaveValue('');
    expect(within(dialog).getByPlaceholderText('不修改请留空')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/data-source-config/update')).toHaveLength(1));
    expect(calls('/data-source-config/update')[0]!.body).toEqual({
      id: 5,
      name: 'MariaDB 测试库',
      url: 'jdbc:mysql://127.0.0.1:3306/test',
      username: 'root',
      password: null,
    });
  });

  it('deletes only after confirmation', async () => {
    const user = setup(ALL);
    const row = await rowOf('jdbc:mysql://127.0.0.1:3306/test');
    await user.click(within(row).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除数据源配置编号为"5"的数据项?')).toBeInTheDocument();
    expect(calls('/data-source-config/delete')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: OK }));
    await waitFor(() => expect(calls('/data-source-config/delete')).toHaveLength(1));
    expect(calls('/data-source-config/delete')[0]!.query.get('id')).toBe('5');
  });
});
