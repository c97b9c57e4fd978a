import type { CodegenDetail } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsStore } from '../../layout/tags-view';
import { dict } from '../../test/dicts';
import { fail, ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import { column, contactTable } from './codegen-fixtures';
import CodegenEditPage from './codegen-edit-page';

const DETAIL: CodegenDetail = {
  table: contactTable,
  columns: [
    column(1, 'id', { dataType: 'BIGINT', javaType: 'Long', primaryKey: true, createOperation: false }),
    column(2, 'name', { listOperation: true, listOperationCondition: '<>' }),
    column(3, 'status', {
      dataType: 'TINYINT',
      javaType: 'Integer',
      dictType: 'common_status',
      htmlType: 'radio',
    }),
  ],
};
let detail: CodegenDetail = DETAIL;
beforeEach(() => {
  detail = DETAIL;
  useTagsStore.getState().reset();
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/infra/codegen/detail'))
      return call.query.get('tableId') === '9' ? fail(1_003_001_004, '表定义不存在') : ok(detail);
    if (call.path.endsWith('/system/dict-type/list-all-simple'))
      return ok([
        { id: 1, name: '系统状态', type: 'common_status' },
        { id: 2, name: '用户性别', type: 'system_user_sex' },
      ]);
    if (call.path.endsWith('/system/menu/list-all-simple'))
      return ok([
        { id: 1, name: '系统管理', parentId: 0, type: 1 },
        { id: 2, name: '基础设施', parentId: 0, type: 1 },
      ]);
    if (call.path.endsWith('/infra/codegen/table/list'))
      return ok([
        contactTable,
        { ...contactTable, id: 4, tableName: 'demo03_student', tableComment: '学生表' },
      ]);
    return ok(true);
  },
  {
    dicts: [
      dict('infra_codegen_template_type', '1', '单表（增删改查）'),
      dict('infra_codegen_template_type', '2', '树表（增删改查）'),
      dict('infra_codegen_template_type', '15', '主子表（子表）'),
      dict('infra_codegen_front_type', '50', 'React + antd'),
      dict('infra_codegen_scene', '1', '管理后台'),
      dict('infra_codegen_scene', '2', '用户 APP'),
    ],
  },
);

const setup = (tableId = '1', permissions = ['infra:codegen:query', 'infra:codegen:update']) => {
  const address = `/codegen/edit/${tableId}`;
  useTagsStore.getState().addView({ fullPath: address, path: address, title: '修改生成配置', affix: false });
  return renderPage(<CodegenEditPage />, {
    permissions,
    path: '/codegen/edit/:tableId',
    address,
    routes: [
      { path: '/infra/codegen', element: <p>代码生成列表</p> },
      { path: '/404', element: <p>页面不存在</p> },
    ],
  });
};
const tabPanel = (name: string) => screen.getByRole('tabpanel', { name });
const openTab = (user: UserEvent, name: string) => user.click(screen.getByRole('tab', { name }));
const choose = async (user: UserEvent, combobox: HTMLElement, option: string) => {
  await user.click(combobox);
  await user.click(await screen.findByTitle(option));
};
const submit = (user: UserEvent) => user.click(screen.getByRole('button', { name: /提交/ }));

describe('codegen edit page', { timeout: 30_000 }, () => {
  it('opens on 字段信息, names its tab after the table and saves the edited settings', async () => {
    const { user, router } = setup();
    const grid = await screen.findByRole('tabpanel', { name: '字段信息' });
    await waitFor(() => expect(useTagsStore.getState().views[0]?.title).toBe('修改[demo01_contact]生成配置'));
    expect(within(grid).getByText('BIGINT')).toBeInTheDocument();
    // Old data's "<>" is the "<" option.
    expect(
      within(grid).getByRole('combobox', { name: 'name 查询方式' }).closest('.ant-select'),
    ).toHaveTextContent('<');
    expect(
      within(grid).getByRole('combobox', { name: 'status 显示类型' }).closest('.ant-select'),
    ).toHaveTextContent('单选框');

    const comment = within(grid).getByRole('textbox', { name: 'name 字段描述' });
    await user.clear(comment);
    await user.type(comment, '名字');
    await user.click(within(grid).getByRole('checkbox', { name: 'id 插入' }));
    await choose(user, within(grid).getByRole('combobox', { name: 'name 字典类型' }), '用户性别');
    await submit(user);

    await waitFor(() => expect(stub.callsTo('/infra/codegen/update')).toHaveLength(1));
    const update = stub.callsTo('/infra/codegen/update')[0]!;
    expect(update.method).toBe('PUT');
    const body = update.body as { table: Record<string, unknown>; columns: Record<string, unknown>[] };
    expect(body.table).toMatchObject({
      id: 1,
      tableName: 'demo01_contact',
      className: 'Demo01Contact',
      parentMenuId: 2,
    });
    expect(body.columns.map((c) => [c.id, c.createOperation, c.dictType])).toEqual([
      [1, true, ''],
      [2, true, 'system_user_sex'],
      [3, true, 'common_status'],
    ]);
    expect(body.columns[1]).toMatchObject({
      columnComment: '名字',
      listOperationCondition: '<',
      javaField: 'name',
    });
    expect(await screen.findByText('修改成功！')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/infra/codegen');
    expect(useTagsStore.getState().views).toEqual([]);
  });

  it('shows the basic and generation settings of the table', async () => {
    const { user } = setup();
    await screen.findByRole('tabpanel', { name: '字段信息' });
    await openTab(user, '基本信息');
    expect(within(tabPanel('基本信息')).getByLabelText('表名称')).toHaveValue('demo01_contact');
    expect(within(tabPanel('基本信息')).getByLabelText('作者')).toHaveValue('芋道源码');
    await openTab(user, '生成信息');
    const gen = tabPanel('生成信息');
    expect(within(gen).getByLabelText('业务名')).toHaveValue('demo01-contact');
    expect(within(gen).getByText('管理后台')).toBeInTheDocument();
    expect(within(gen).getByText('基础设施')).toBeInTheDocument();
    expect(within(gen).queryByText('树表信息')).not.toBeInTheDocument();
  });

  it('does not save what fails its checks, and shows the tab of the first failure', async () => {
    detail = { ...DETAIL, table: { ...contactTable, parentMenuId: null } };
    const { user } = setup();
    await screen.findByRole('tabpanel', { name: '字段信息' });
    await openTab(user, '基本信息');
    await user.clear(within(tabPanel('基本信息')).getByLabelText('表名称'));
    await openTab(user, '字段信息');
    await submit(user);
    expect(await screen.findByText('表单校验未通过，请重新检查提交内容')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '基本信息' })).toHaveAttribute('aria-selected', 'true'),
    );
    expect(await within(tabPanel('基本信息')).findByText('表名称不能为空')).toBeInTheDocument();

    // The admin scene needs a parent menu; the app scene does not.
    await user.type(within(tabPanel('基本信息')).getByLabelText('表名称'), 'demo01_contact');
    await submit(user);
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: '生成信息' })).toHaveAttribute('aria-selected', 'true'),
    );
    const gen = tabPanel('生成信息');
    expect(await within(gen).findByText(/^上级菜单不能为空/)).toBeInTheDocument();
    await choose(user, within(gen).getByRole('combobox', { name: '生成场景' }), '用户 APP');
    await waitFor(() => expect(within(gen).queryByText(/^上级菜单不能为空/)).not.toBeInTheDocument());
    await submit(user);
    await waitFor(() => expect(stub.callsTo('/infra/codegen/update')).toHaveLength(1));
    expect(stub.callsTo('/infra/codegen/update')[0]!.body).toMatchObject({
      table: { scene: 2, parentMenuId: null },
    });
  });

  it('asks a tree table for its parent and name columns, a sub table for its master', async () => {
    const { user } = setup();
    await screen.findByRole('tabpanel', { name: '字段信息' });
    await openTab(user, '生成信息');
    const gen = tabPanel('生成信息');
    await choose(user, within(gen).getByRole('combobox', { name: '生成模板' }), '树表（增删改查）');
    expect(await within(gen).findByText('树表信息')).toBeInTheDocument();
    await choose(user, within(gen).getByRole('combobox', { name: '父编号字段' }), 'id：id注释');
    await submit(user);
    expect(await within(gen).findByText('树名称字段不能为空')).toBeInTheDocument();

    await choose(user, within(gen).getByRole('combobox', { name: '生成模板' }), '主子表（子表）');
    expect(await within(gen).findByText('主表信息')).toBeInTheDocument();
    expect(within(gen).queryByText('树表信息')).not.toBeInTheDocument();
    await waitFor(() => expect(stub.callsTo('/infra/codegen/table/list')).toHaveLength(1));
    expect(stub.callsTo('/infra/codegen/table/list')[0]!.query.get('dataSourceConfigId')).toBe('0');
    await choose(user, within(gen).getByRole('combobox', { name: '关联的主表' }), 'demo03_student：学生表');
    await choose(user, within(gen).getByRole('combobox', { name: '子表关联的字段' }), 'name：name注释');
    await user.click(within(gen).getByRole('radio', { name: '一对多' }));
    await submit(user);
    await waitFor(() => expect(stub.callsTo('/infra/codegen/update')).toHaveLength(1));
    expect(stub.callsTo('/infra/codegen/update')[0]!.body).toMatchObject({
      table: {
        templateType: 15,
        masterTableId: 4,
        subJoinColumnId: 2,
        subJoinMany: true,
        treeParentColumnId: 1,
      },
    });
  });

  it('returns to the list without saving', async () => {
    const { user, router } = setup();
    await screen.findByRole('tabpanel', { name: '字段信息' });
    await user.click(screen.getByRole('button', { name: /返回/ }));
    expect(router.state.location.pathname).toBe('/infra/codegen');
    expect(stub.callsTo('/infra/codegen/update')).toHaveLength(0);
  });

  it('offers no 提交 to a reader', async () => {
    setup('1', ['infra:codegen:query']);
    await screen.findByRole('tabpanel', { name: '字段信息' });
    expect(screen.queryByRole('button', { name: /提交/ })).not.toBeInTheDocument();
  });

  it('says why a table cannot be loaded, and knows table ids are digits', async () => {
    setup('9');
    expect(await screen.findByText('生成配置加载失败')).toBeInTheDocument();
    expect(screen.getAllByText('表定义不存在').length).toBeGreaterThan(0);
    setup('abc');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });
});
