import type { ProductBrand, ProductCategory, ProductProperty, ProductPropertyValue } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMON_STATUS } from '../../test/dicts';
import { fail, ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import BrandPage from './pages/mall/product/brand';
import CategoryPage from './pages/mall/product/category';
import PropertyPage from './pages/mall/product/property';
import PropertyValuePage from './property-value-page';

const CREATED = new Date(2026, 10, 20, 8, 0, 0).getTime();
const UPLOADED = 'https://cdn.example.com/new.png';

const category = (id: number, parentId: number, name: string, status = 0): ProductCategory => ({
  id,
  parentId,
  name,
  picUrl: `https://cdn.example.com/category-${id}.png`,
  sort: id,
  status,
  description: null,
  createTime: CREATED,
});
const CATEGORIES = [category(1, 0, '服装'), category(2, 1, '上衣', 1), category(3, 0, '数码')];

const BRAND: ProductBrand = {
  id: 5,
  name: '雅戈尔',
  picUrl: 'https://cdn.example.com/brand-5.png',
  sort: 1,
  description: null,
  status: 0,
  createTime: CREATED,
};

const PROPERTIES: ProductProperty[] = [
  { id: 7, name: '颜色', remark: '主色', createTime: CREATED },
  { id: 8, name: '尺寸', remark: null, createTime: CREATED },
];
const value = (id: number, propertyId: number, name: string): ProductPropertyValue => ({
  id,
  propertyId,
  name,
  remark: null,
  createTime: CREATED,
});
const VALUES = [value(71, 7, '红色'), value(72, 7, '蓝色'), value(81, 8, 'XL')];

/** Answers the test wants instead of the usual ones, by path suffix (a refused delete). */
const refusals = new Map<string, unknown>();
beforeEach(() => refusals.clear());

const byId = <T extends { id: number }>(rows: readonly T[], call: StubCall) =>
  rows.find((row) => row.id === Number(call.query.get('id'))) ?? null;

const answer = (call: StubCall): unknown => {
  const { path } = call;
  for (const [suffix, refusal] of refusals) if (path.endsWith(suffix)) return refusal;
  if (path.endsWith('/product/category/list')) return ok(CATEGORIES);
  if (path.endsWith('/product/category/get')) return ok(byId(CATEGORIES, call));
  if (path.endsWith('/product/brand/page')) return ok({ list: [BRAND], total: 1 });
  if (path.endsWith('/product/brand/get')) return ok(BRAND);
  if (path.endsWith('/product/property/page')) return ok({ list: PROPERTIES, total: 2 });
  if (path.endsWith('/product/property/list')) return ok(PROPERTIES);
  if (path.endsWith('/product/property/get')) return ok(byId(PROPERTIES, call));
  if (path.endsWith('/product/property/value/page')) {
    const propertyId = call.query.get('propertyId');
    const list = VALUES.filter((v) => propertyId === null || v.propertyId === Number(propertyId));
    return ok({ list, total: list.length });
  }
  if (path.endsWith('/product/property/value/get')) return ok(byId(VALUES, call));
  if (path.endsWith('/infra/file/upload')) return ok(UPLOADED);
  if (path.endsWith('/create')) return ok(9);
  return ok(true);
};

const stub = stubPageTest(answer, { dicts: COMMON_STATUS });

const crud = (resource: string) =>
  ['query', 'create', 'update', 'delete'].map((a) => `product:${resource}:${a}`);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const confirmButton = () => screen.getByRole('button', { name: /确\s*定/ });
const lastCall = (suffix: string) => stub.callsTo(suffix).at(-1);
/** The shown choice of a select. */
const selectShows = (combobox: HTMLElement) => combobox.closest('.ant-select');
/** The open dialog, once it shows this title. */
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};
const options = () => [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')];
/** Picks a choice of the open select (table cells carry the same titles). */
const choose = async (user: UserEvent, label: string) => {
  await waitFor(() => expect(options().some((o) => o.textContent === label)).toBe(true));
  await user.click(options().find((o) => o.textContent === label)!);
};
const searchForm = () => screen.getByRole('form', { name: '搜索条件' });
const openOptions = () => options().map((o) => o.textContent);

/** Picks an image for the dialog's picture field and waits for its upload. */
const uploadPicture = async (user: UserEvent, dialog: HTMLElement, label: string) => {
  await user.upload(
    within(dialog).getByLabelText(label),
    new File(['png'], 'pic.png', { type: 'image/png' }),
  );
  await waitFor(() => expect(within(dialog).getByAltText('已上传的图片')).toHaveAttribute('src', UPLOADED));
};

const unauthorisedButtons = (names: string[]) => {
  for (const name of names)
    expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
};

describe('商品分类', { timeout: 30_000 }, () => {
  const setup = (permissions = crud('category')) =>
    renderPage(<CategoryPage />, { permissions, path: '/mall/product/category' }).user;

  it('shows the two levels opened, with pictures and status tags, and 新增 a child only on top-level rows', async () => {
    setup();
    const top = await rowOf('服装');
    const child = await rowOf('上衣');
    expect(within(top).getByRole('img', { name: '服装' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/category-1.png',
    );
    expect(within(top).getByText('开启')).toBeInTheDocument();
    expect(within(child).getByText('关闭')).toBeInTheDocument();
    expect(within(top).getByRole('button', { name: /新增/ })).toBeInTheDocument();
    expect(within(child).queryByRole('button', { name: /新增/ })).not.toBeInTheDocument();
    expect(within(child).getByRole('button', { name: /修改/ })).toBeInTheDocument();
    expect(stub.callsTo('/product/category/list')[0]!.query.toString()).toBe('');
  });

  it('creates a child of the row it was asked from, with the uploaded picture and the defaults', async () => {
    const user = setup();
    await user.click(within(await rowOf('服装')).getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加商品分类');
    const parent = within(dialog).getByRole('combobox', { name: '上级分类' });
    await waitFor(() => expect(selectShows(parent)).toHaveTextContent('服装'));

    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('分类名称不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('分类图片不能为空')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('分类名称'), '衬衫');
    await uploadPicture(user, dialog, '分类图片');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/product/category/create')).toHaveLength(1));
    expect(stub.callsTo('/product/category/create')[0]!.body).toEqual({
      parentId: 1,
      name: '衬衫',
      picUrl: UPLOADED,
      sort: 0,
      status: 0,
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('offers 顶级分类 and the other top-level categories as the parent of the one edited', async () => {
    const user = setup();
    await user.click(within(await rowOf('服装')).getByRole('button', { name: /修改/ }));
    const dialog = await dialogTitled('修改商品分类');
    await waitFor(() => expect(within(dialog).getByLabelText('分类名称')).toHaveValue('服装'));
    const parent = within(dialog).getByRole('combobox', { name: '上级分类' });
    expect(selectShows(parent)).toHaveTextContent('顶级分类');
    await user.click(parent);
    await waitFor(() => expect(openOptions()).toEqual(['顶级分类', '数码']));

    await choose(user, '数码');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/product/category/update')).toHaveLength(1));
    expect(stub.callsTo('/product/category/update')[0]!.body).toMatchObject({
      id: 1,
      parentId: 3,
      name: '服装',
    });
  });

  it('deletes after the confirmation naming the category, and shows why the server refused', async () => {
    refusals.set('/product/category/delete', fail(1_008_001_003, '存在子分类，无法删除'));
    const user = setup();
    await user.click(within(await rowOf('服装')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除商品分类"服装"?')).toBeInTheDocument();
    await user.click(confirmButton());
    await waitFor(() => expect(lastCall('/product/category/delete')?.query.get('id')).toBe('1'));
    await waitFor(() =>
      expect(stub.feedback.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ title: '存在子分类，无法删除' }),
      ),
    );
  });

  it('shows the tree without actions to a user who may only query', async () => {
    setup(['product:category:query']);
    await rowOf('上衣');
    unauthorisedButtons(['新增', '修改', '删除']);
    expect(screen.queryByRole('columnheader', { name: '操作' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /展开\/折叠/ })).toBeInTheDocument();
  });
});

describe('商品品牌', { timeout: 30_000 }, () => {
  const setup = (permissions = crud('brand')) =>
    renderPage(<BrandPage />, { permissions, path: '/mall/product/brand' }).user;

  it('lists a page of brands and creates one with its picture, sort and status', async () => {
    const user = setup();
    const row = await rowOf('雅戈尔');
    expect(within(row).getByRole('img', { name: '雅戈尔' })).toBeInTheDocument();
    expect(within(row).getByText('开启')).toBeInTheDocument();
    expect(lastCall('/product/brand/page')?.query.get('pageSize')).toBe('20');

    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加品牌');
    await user.type(within(dialog).getByLabelText('品牌名称'), '七匹狼');
    await uploadPicture(user, dialog, '品牌图片');
    await user.clear(within(dialog).getByLabelText('品牌排序'));
    await user.type(within(dialog).getByLabelText('品牌排序'), '5');
    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    await user.type(within(dialog).getByLabelText('品牌描述'), '男装');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/product/brand/create')).toHaveLength(1));
    expect(stub.callsTo('/product/brand/create')[0]!.body).toEqual({
      name: '七匹狼',
      picUrl: UPLOADED,
      sort: 5,
      status: 1,
      description: '男装',
    });
  });

  it('searches by name and status', async () => {
    const user = setup();
    await rowOf('雅戈尔');
    await user.type(within(searchForm()).getByLabelText('品牌名称'), '雅');
    await user.click(within(searchForm()).getByRole('combobox', { name: '状态' }));
    await choose(user, '关闭');
    await user.click(within(searchForm()).getByRole('button', { name: /搜\s*索/ }));
    await waitFor(() => expect(lastCall('/product/brand/page')?.query.get('name')).toBe('雅'));
    expect(lastCall('/product/brand/page')?.query.get('status')).toBe('1');
  });

  it('deletes after the confirmation naming the brand', async () => {
    const user = setup();
    await user.click(within(await rowOf('雅戈尔')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除品牌"雅戈尔"?')).toBeInTheDocument();
    await user.click(confirmButton());
    await waitFor(() => expect(lastCall('/product/brand/delete')?.query.get('id')).toBe('5'));
    expect(await screen.findByText('删除成功')).toBeInTheDocument();
  });

  it('shows a read-only list to a user who may only query', async () => {
    setup(['product:brand:query']);
    await rowOf('雅戈尔');
    unauthorisedButtons(['新增', '修改', '删除']);
  });
});

describe('商品属性', { timeout: 30_000 }, () => {
  const setup = (permissions = crud('property')) =>
    renderPage(<PropertyPage />, {
      permissions,
      path: '/mall/product/property',
      routes: [{ path: '/property/value/:propertyId', element: <p>属性值列表</p> }],
    });

  it("leads from a property's name to its values", async () => {
    const { user, router } = setup();
    await user.click(await screen.findByRole('link', { name: '颜色' }));
    expect(router.state.location.pathname).toBe('/property/value/7');
    expect(await screen.findByText('属性值列表')).toBeInTheDocument();
  });

  it('checks the name, then creates a property', async () => {
    const { user } = setup();
    await screen.findByRole('link', { name: '颜色' });
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加属性项');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    expect(await within(dialog).findByText('名称不能为空')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('名称'), '材质');
    await user.type(within(dialog).getByLabelText('备注'), '面料');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/product/property/create')).toHaveLength(1));
    expect(stub.callsTo('/product/property/create')[0]!.body).toEqual({ name: '材质', remark: '面料' });
  });

  it('shows why the server refused to delete a property that has values', async () => {
    refusals.set('/product/property/delete', fail(1_008_003_002, '属性项下存在属性值，无法删除'));
    const { user } = setup();
    const row = (await screen.findByRole('link', { name: '颜色' })).closest('tr')!;
    await user.click(within(row).getByRole('button', { name: /删除/ }));
    await user.click(await screen.findByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(lastCall('/product/property/delete')?.query.get('id')).toBe('7'));
    await waitFor(() =>
      expect(stub.feedback.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ title: '属性项下存在属性值，无法删除' }),
      ),
    );
    expect(screen.queryByText('删除成功')).not.toBeInTheDocument();
  });

  it('shows a read-only list to a user who may only query', async () => {
    setup(['product:property:query']);
    await screen.findByRole('link', { name: '颜色' });
    unauthorisedButtons(['新增', '修改', '删除']);
  });
});

describe('商品属性值', { timeout: 30_000 }, () => {
  const setup = (address = '/property/value/7', permissions = crud('property')) =>
    renderPage(<PropertyValuePage />, {
      permissions,
      path: '/property/value/:propertyId',
      address,
      routes: [{ path: '/404', element: <p>页面不存在</p> }],
    });
  const propertySelect = () => screen.getByRole('combobox', { name: '属性项' });

  it("lists the route's property's values, with the property chosen in the search", async () => {
    setup();
    await rowOf('红色');
    expect(screen.queryByText('XL')).not.toBeInTheDocument();
    expect(lastCall('/product/property/value/page')?.query.get('propertyId')).toBe('7');
    expect(lastCall('/product/property/get')?.query.get('id')).toBe('7');
    await waitFor(() => expect(selectShows(propertySelect())).toHaveTextContent('颜色'));
  });

  it('switches the property from the search at once, and 重置 returns to the route’s', async () => {
    const { user, router } = setup();
    await rowOf('红色');
    await user.click(propertySelect());
    await choose(user, '尺寸');
    await rowOf('XL');
    expect(lastCall('/product/property/value/page')?.query.get('propertyId')).toBe('8');
    expect(screen.queryByText('红色')).not.toBeInTheDocument();
    expect(router.state.location.hash).toBe('#propertyId=8');

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await rowOf('红色');
    expect(lastCall('/product/property/value/page')?.query.get('propertyId')).toBe('7');
    expect(selectShows(propertySelect())).toHaveTextContent('颜色');
    expect(router.state.location.hash).toBe('');
  });

  it('creates a value of the property searched for', async () => {
    const { user } = setup();
    await rowOf('红色');
    await user.click(propertySelect());
    await choose(user, '尺寸');
    await rowOf('XL');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加属性值');
    const property = within(dialog).getByRole('combobox', { name: '属性项' });
    expect(property).toBeDisabled();
    expect(selectShows(property)).toHaveTextContent('尺寸');
    await user.type(within(dialog).getByLabelText('名称'), 'XXL');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/product/property/value/create')).toHaveLength(1));
    expect(stub.callsTo('/product/property/value/create')[0]!.body).toEqual({ propertyId: 8, name: 'XXL' });
  });

  it("creates a value of the route's property before any search", async () => {
    const { user } = setup();
    await rowOf('红色');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加属性值');
    expect(selectShows(within(dialog).getByRole('combobox', { name: '属性项' }))).toHaveTextContent('颜色');
    await user.type(within(dialog).getByLabelText('名称'), '紫色');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(stub.callsTo('/product/property/value/create')).toHaveLength(1));
    expect(stub.callsTo('/product/property/value/create')[0]!.body).toEqual({ propertyId: 7, name: '紫色' });
  });

  it('deletes after the confirmation naming the value', async () => {
    const { user } = setup();
    await user.click(within(await rowOf('蓝色')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除属性值"蓝色"?')).toBeInTheDocument();
    await user.click(confirmButton());
    await waitFor(() => expect(lastCall('/product/property/value/delete')?.query.get('id')).toBe('72'));
  });

  it('treats a property id that is not digits as an unknown page', async () => {
    setup('/property/value/7a');
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
    expect(stub.callsTo('/product/property/value/page')).toHaveLength(0);
  });

  it('shows a read-only list to a user who may only query', async () => {
    setup('/property/value/7', ['product:property:query']);
    await rowOf('红色');
    unauthorisedButtons(['新增', '修改', '删除']);
  });
});
