import type { ProductSpuDetail } from '@app/contract';
import { act, queries, screen, waitFor } from '@testing-library/react';
import userEvent, { PointerEventsCheckLevel } from '@testing-library/user-event';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useTagsStore } from '../../layout/tags-view';
import { fail, ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import SpuFormPage from './spu-form-page';
import { LEAVE_QUESTION } from '../../layout/tags-view';
import { DEFAULT_LAYOUT_SETTING, useLayoutSettings } from '../../shared/settings/layout-settings';

// ProseMirror cannot be typed into in jsdom (it reads the layout and the DOM selection): the description
// is a plain text area here; rich-text-editor.test.tsx covers the editor itself.
vi.mock('../../shared/ui/rich-text-editor', () => {
  const TextArea = ({
    value,
    onChange,
    id,
    'aria-label': label,
  }: {
    value?: string | null;
    onChange?: (html: string) => void;
    id?: string;
    'aria-label'?: string;
  }) => (
    <textarea id={id} aria-label={label} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  );
  return { default: TextArea, RichTextEditor: TextArea };
});

const PROPERTIES = [
  {
    id: 1,
    name: '颜色',
    values: [
      { id: 11, name: '红' },
      { id: 12, name: '蓝' },
      { id: 13, name: '黑' },
    ],
  },
  {
    id: 2,
    name: '尺寸',
    values: [
      { id: 21, name: 'S' },
      { id: 22, name: 'M' },
    ],
  },
];
const category = (id: number, parentId: number, name: string) => ({
  id,
  parentId,
  name,
  picUrl: '',
  sort: 0,
  status: 0,
  description: null,
  createTime: 0,
});
const prop = (propertyId: number, valueId: number) => {
  const property = PROPERTIES.find((p) => p.id === propertyId)!;
  const value = property.values.find((v) => v.id === valueId)!;
  return { propertyId, propertyName: property.name, valueId, valueName: value.name };
};
const sku = (id: number, valueIds: [number, number], price: number) => ({
  id,
  name: valueIds.join(','),
  picUrl: '',
  price,
  marketPrice: price + 500,
  costPrice: 300,
  barCode: `690${id}`,
  status: 0,
  stock: 10 * id,
  warnStock: 2,
  weight: 0.5,
  volume: null,
  salesCount: 0,
  properties: [prop(1, valueIds[0]), prop(2, valueIds[1])],
});
const DETAIL: ProductSpuDetail = {
  id: 7,
  name: '老衬衫',
  code: 'SH-7',
  sellPoint: '透气',
  description: '<p>纯棉</p>',
  categoryId: 3,
  brandId: 1,
  deliveryTemplateId: 4,
  picUrls: ['https://img.example/1.png', 'https://img.example/2.png'],
  videoUrl: null,
  sort: 5,
  status: 1,
  specType: 2,
  showStock: false,
  marketPrice: 2499,
  minPrice: 1999,
  maxPrice: 1999,
  totalStock: 30,
  virtualSalesCount: 8,
  salesCount: 0,
  clickCount: 0,
  createTime: 0,
  skus: [sku(1, [11, 21], 1999), sku(2, [11, 22], 1999)],
  productPropertyViews: [
    { propertyId: 1, name: '颜色', propertyValues: [{ id: 11, name: '红' }] },
    {
      propertyId: 2,
      name: '尺寸',
      propertyValues: [
        { id: 21, name: 'S' },
        { id: 22, name: 'M' },
      ],
    },
  ],
};

let saveAnswer: unknown = ok(9);
let uploads = 0;
beforeEach(() => {
  saveAnswer = ok(9);
  uploads = 0;
  useTagsStore.getState().reset();
});

const stub = stubPageTest((call) => {
  if (call.path.endsWith('/product/property/get-value-list')) return ok(PROPERTIES);
  if (call.path.endsWith('/product/brand/list'))
    return ok([{ id: 1, name: '优衣库', picUrl: '', sort: 0, description: null, status: 0, createTime: 0 }]);
  if (call.path.endsWith('/trade/delivery/express-template/list-all-simple'))
    return ok([{ id: 4, name: '按件计费' }]);
  if (call.path.endsWith('/product/category/list'))
    return ok([category(1, 0, '服装'), category(3, 1, '衬衫'), category(2, 0, '空分类')]);
  if (call.path.endsWith('/product/spu/get-detail')) return ok(DETAIL);
  if (call.path.endsWith('/infra/file/upload'))
    return ok(uploads++ === 0 ? 'https://img.example/new.png' : `https://img.example/new${uploads}.png`);
  if (call.path.endsWith('/product/spu/create') || call.path.endsWith('/product/spu/update'))
    return saveAnswer;
  return ok(true);
});

const ALL = ['product:spu:query', 'product:spu:create', 'product:spu:update'];
const setup = (address = '/spu/add') => {
  useTagsStore.getState().addView({ fullPath: address, path: address, title: '商品', affix: false });
  const rendered = renderPage(<SpuFormPage />, {
    permissions: ALL,
    path: address === '/spu/add' ? '/spu/add' : '/spu/edit/:spuId',
    address,
    routes: [
      { path: '/mall/product/spu', element: <p>商品列表页</p> },
      { path: '/404', element: <p>页面不存在</p> },
    ],
  });
  /*
   * Without the pointer-events check: for it jsdom computes the inherited style of every ancestor of
   * the element the pointer leaves against all of antd's injected rules, up to a minute per click once
   * the SKU table is on the page.
   */
  return {
    ...rendered,
    user: userEvent.setup({ delay: null, pointerEventsCheck: PointerEventsCheckLevel.Never }),
  };
};

const openTab = (user: UserEvent, name: string) => user.click(byRole('tab', name));
const choose = async (user: UserEvent, combobox: HTMLElement, option: string) => {
  await user.click(combobox);
  // The latest dropdown (an earlier select's may still be in the document, hidden).
  await user.click((await screen.findAllByTitle(option)).at(-1)!);
};
/* Roles are looked up with `hidden: true`, inputs by label: checking that each candidate is visible costs
 * jsdom the same style computation. */
const byRole = (role: string, name: string | RegExp, within: HTMLElement = document.body) =>
  queries.getByRole(within, role, { name, hidden: true });
const button = (name: string | RegExp, container?: HTMLElement) => byRole('button', name, container);
/** 取消 and 确认 under the form (a closed dialog's buttons stay in the document, hidden). */
const actionButton = (name: RegExp) =>
  button(name, document.querySelector<HTMLElement>('.spu-form-actions')!);
const confirmButton = () => actionButton(/确\s*认/);
const cancelButton = () => actionButton(/取\s*消/);
const input = (name: string) => screen.getByLabelText<HTMLInputElement>(name);
const selected = (tab: string) => byRole('tab', tab).getAttribute('aria-selected') === 'true';
/**
 * Answers the latest question about unsaved changes. It goes through the registered feedback API, here
 * the spies of `stubPageTest`: its confirm's `onOk` goes on, `onCancel` stays.
 */
const answerLeave = async (answer: 'onOk' | 'onCancel') => {
  const confirm = vi.mocked(stub.feedback.modal.confirm);
  await waitFor(() => expect(confirm.mock.calls.at(-1)?.[0]).toMatchObject({ content: LEAVE_QUESTION }));
  const asked = confirm.mock.calls.at(-1)![0] as { onOk: () => void; onCancel?: () => void };
  confirm.mockClear();
  await act(async () => asked[answer]?.());
};
const setNumber = async (user: UserEvent, label: string, value: string) => {
  await user.clear(input(label));
  await user.type(input(label), value);
};

/** The fields of 基础设置 a new SPU needs. */
async function fillBasics(user: UserEvent) {
  await user.type(await screen.findByLabelText('商品名称'), '新衬衫');
  const upload = document.querySelector<HTMLInputElement>('.spu-picture-upload input[type=file]')!;
  await user.upload(upload, new File(['x'], 'a.png', { type: 'image/png' }));
  await screen.findByLabelText(/^第 1 张主图/);
  await choose(user, screen.getByLabelText('商品品牌'), '优衣库');
  await user.click(screen.getByLabelText('商品分类'));
  // Products sit in second-level categories: a top-level one without children cannot be chosen.
  expect((await screen.findByTitle('空分类')).closest('li')).toHaveClass('ant-cascader-menu-item-disabled');
  await user.click(await screen.findByTitle('服装'));
  await user.click(await screen.findByTitle('衬衫'));
}

async function writeDescription(user: UserEvent, text: string) {
  await openTab(user, '商品详情');
  await user.type(await screen.findByLabelText('商品详情', { selector: 'textarea' }), text);
}

/** Adds a 规格项目 block for `property` and ticks `values`. */
async function addSpec(user: UserEvent, index: number, property: string, values: string[]) {
  await user.click(await screen.findByRole('button', { name: /添加规格/, hidden: true }));
  await choose(user, await screen.findByLabelText(`规格项目 ${index}`), property);
  const group = await screen.findByLabelText(`${property}的规格值`);
  for (const value of values) await user.click(button(value, group));
}

describe('spu form page', { timeout: 60_000 }, () => {
  it('builds a 2×2 SKU table, fills it in bulk and creates the SPU with fen prices', async () => {
    const { user, router } = setup();
    await fillBasics(user);
    await openTab(user, '价格库存');
    await user.click(byRole('switch', '启用多规格'));
    await addSpec(user, 1, '颜色', ['红', '蓝']);
    await addSpec(user, 2, '尺寸', ['S', 'M']);

    const rows = [...document.querySelectorAll('.spu-sku-table tbody tr.ant-table-row')];
    expect(rows.map((row) => row.textContent?.match(/^(批量设置|[红蓝][SM])/)?.[0])).toEqual([
      '批量设置',
      '红S',
      '红M',
      '蓝S',
      '蓝M',
    ]);

    await user.type(input('市场价 批量设置'), '12.5');
    await user.type(input('销售价 批量设置'), '10.01');
    await user.type(input('成本价 批量设置'), '5');
    await user.type(input('库存 批量设置'), '100');
    await user.click(button('批量填充'));
    for (const name of ['红,S', '红,M', '蓝,S', '蓝,M']) {
      await waitFor(() => expect(input(`销售价 ${name}`)).toHaveValue('10.01'));
      expect(input(`库存 ${name}`)).toHaveValue('100');
    }
    await user.clear(input('库存 蓝,M'));
    await user.type(input('库存 蓝,M'), '7');
    await user.click(button('禁用 红,M'));
    expect(button('启用 红,M')).toBeInTheDocument();

    await writeDescription(user, '好衬衫');
    await user.click(confirmButton());

    await waitFor(() => expect(stub.callsTo('/product/spu/create')).toHaveLength(1));
    const body = stub.callsTo('/product/spu/create')[0]!.body as Record<string, unknown> & {
      skus: Record<string, unknown>[];
    };
    expect(body).toMatchObject({
      name: '新衬衫',
      categoryId: 3,
      brandId: 1,
      deliveryTemplateId: null,
      picUrls: ['https://img.example/new.png'],
      status: 0,
      specType: 2,
      showStock: true,
      virtualSalesCount: 0,
      sort: 0,
    });
    expect(body.description).toContain('好衬衫');
    expect(body.skus).toHaveLength(4);
    expect(body.skus[0]).toEqual({
      name: '红,S',
      picUrl: null,
      marketPrice: 1250,
      price: 1001,
      costPrice: 500,
      stock: 100,
      warnStock: null,
      volume: null,
      weight: null,
      barCode: null,
      status: 0,
      properties: [
        { propertyId: 1, valueId: 11 },
        { propertyId: 2, valueId: 21 },
      ],
    });
    expect(body.skus.map((s) => [s.name, s.status, s.stock])).toEqual([
      ['红,S', 0, 100],
      ['红,M', 1, 100],
      ['蓝,S', 0, 100],
      ['蓝,M', 0, 7],
    ]);
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/mall/product/spu');
    expect(useTagsStore.getState().views).toEqual([]);
  });
  it('loads the SPU to edit and saves it with the SKU values kept', async () => {
    const { user } = setup('/spu/edit/7');
    expect(await screen.findByDisplayValue('老衬衫')).toBeInTheDocument();
    expect(stub.callsTo('/product/spu/get-detail')[0]!.query.get('id')).toBe('7');
    expect(screen.getByDisplayValue('透气')).toBeInTheDocument();
    expect(screen.getAllByLabelText(/^第 \d 张主图/)).toHaveLength(2);
    await openTab(user, '价格库存');
    expect(byRole('switch', '启用多规格')).toBeChecked();
    expect(button('红', screen.getByLabelText('颜色的规格值'))).toHaveAttribute('aria-pressed', 'true');
    expect(button('蓝', screen.getByLabelText('颜色的规格值'))).toHaveAttribute('aria-pressed', 'false');
    expect(input('销售价 红,S')).toHaveValue('19.99');
    expect(input('市场价 红,M')).toHaveValue('24.99');
    expect(input('条码 红,M')).toHaveValue('6902');
    expect(input('虚拟销量')).toHaveValue('8');

    await setNumber(user, '销售价 红,M', '15');
    // A value ticked and unticked again leaves the other rows as they were.
    await user.click(button('蓝', screen.getByLabelText('颜色的规格值')));
    expect(input('销售价 蓝,S')).toHaveValue('');
    expect(input('销售价 红,S')).toHaveValue('19.99');
    await user.click(button('蓝', screen.getByLabelText('颜色的规格值')));
    expect(screen.queryByLabelText('销售价 蓝,S')).not.toBeInTheDocument();

    await user.click(confirmButton());
    await waitFor(() => expect(stub.callsTo('/product/spu/update')).toHaveLength(1));
    const update = stub.callsTo('/product/spu/update')[0]!;
    expect(update.method).toBe('PUT');
    expect(update.body).toMatchObject({
      id: 7,
      name: '老衬衫',
      code: 'SH-7',
      sellPoint: '透气',
      categoryId: 3,
      brandId: 1,
      deliveryTemplateId: 4,
      picUrls: DETAIL.picUrls,
      description: '<p>纯棉</p>',
      status: 1,
      specType: 2,
      showStock: false,
      virtualSalesCount: 8,
      sort: 5,
    });
    expect((update.body as { skus: unknown[] }).skus).toEqual([
      {
        name: '红,S',
        picUrl: null,
        marketPrice: 2499,
        price: 1999,
        costPrice: 300,
        stock: 10,
        warnStock: 2,
        volume: null,
        weight: 0.5,
        barCode: '6901',
        status: 0,
        properties: [
          { propertyId: 1, valueId: 11 },
          { propertyId: 2, valueId: 21 },
        ],
      },
      expect.objectContaining({ name: '红,M', price: 1500, marketPrice: 2499, stock: 20, barCode: '6902' }),
    ]);
    expect(await screen.findByText('修改成功')).toBeInTheDocument();
  });

  it('says what is missing and shows the first tab with a problem', async () => {
    const { user } = setup();
    await screen.findByLabelText('商品名称');
    await user.click(confirmButton());
    expect(await screen.findByText('商品名称不能为空')).toBeInTheDocument();
    expect(screen.getByText('商品主图不能为空')).toBeInTheDocument();
    expect(screen.getByText('商品品牌不能为空')).toBeInTheDocument();
    expect(screen.getByText('商品分类不能为空')).toBeInTheDocument();
    expect(selected('基础设置')).toBe(true);

    await fillBasics(user);
    await user.click(confirmButton());
    await waitFor(() => expect(selected('价格库存')).toBe(true));
    expect(screen.getByText('市场价不能为空')).toBeInTheDocument();
    expect(screen.getByText('库存不能为空')).toBeInTheDocument();

    // The single spec's one SKU: prices in yuan with two decimals, checked as the server does.
    await user.type(input('市场价'), '10');
    await user.type(input('销售价'), '12');
    await user.type(input('成本价'), '1');
    await user.type(input('库存'), '5');
    await user.click(confirmButton());
    expect(await screen.findByText('市场价不能低于销售价')).toBeInTheDocument();
    await setNumber(user, '市场价', '12.5');
    await user.click(confirmButton());
    await waitFor(() => expect(selected('商品详情')).toBe(true));
    expect(screen.getByText('描述不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/product/spu/create')).toHaveLength(0);

    await writeDescription(user, '<p>好</p>');
    await user.click(confirmButton());
    await waitFor(() => expect(stub.callsTo('/product/spu/create')).toHaveLength(1));
    expect(stub.callsTo('/product/spu/create')[0]!.body).toMatchObject({
      specType: 1,
      description: '<p>好</p>',
      skus: [
        {
          name: '新衬衫',
          properties: [],
          marketPrice: 1250,
          price: 1200,
          costPrice: 100,
          stock: 5,
          status: 0,
        },
      ],
    });
  });

  it('shows the server refusing the save and stays on the page', async () => {
    saveAnswer = fail(1_008_006_003, '一个 SPU 下的每个 SKU，必须不重复');
    const { user, router } = setup('/spu/edit/7');
    await screen.findByDisplayValue('老衬衫');
    await user.click(confirmButton());
    await waitFor(() =>
      expect(stub.feedback.notification.error).toHaveBeenCalledWith(
        expect.objectContaining({ title: '一个 SPU 下的每个 SKU，必须不重复' }),
      ),
    );
    expect(router.state.location.pathname).toBe('/spu/edit/7');
    expect(useTagsStore.getState().views.map((view) => view.fullPath)).toEqual(['/spu/edit/7']);
    expect(screen.queryByText('修改成功')).not.toBeInTheDocument();
  });

  it('orders the pictures by keyboard and removes one', async () => {
    const { user } = setup();
    const upload = () => document.querySelector<HTMLInputElement>('.spu-picture-upload input[type=file]')!;
    await screen.findByLabelText('商品名称');
    await user.upload(upload(), [
      new File(['1'], '1.png', { type: 'image/png' }),
      new File(['2'], '2.png', { type: 'image/png' }),
    ]);
    await screen.findByLabelText(/^第 2 张主图/);
    const sources = () =>
      [...document.querySelectorAll('.spu-picture img')].map((img) => img.getAttribute('src'));
    expect(sources()).toEqual(['https://img.example/new.png', 'https://img.example/new2.png']);
    screen.getByLabelText('第 1 张主图，共 2 张（封面）').focus();
    await user.keyboard('{ArrowRight}');
    expect(sources()).toEqual(['https://img.example/new2.png', 'https://img.example/new.png']);
    expect(document.activeElement).toBe(screen.getByLabelText('第 2 张主图，共 2 张'));
    expect(screen.getByText('已移动到第 2 张')).toBeInTheDocument();
    await user.click(button('删除第 1 张主图'));
    expect(sources()).toEqual(['https://img.example/new.png']);
  });

  it('asks before 取消 drops changes, and leaves at once without any', async () => {
    const first = setup();
    await screen.findByLabelText('商品名称');
    await first.user.click(cancelButton());
    expect(first.router.state.location.pathname).toBe('/mall/product/spu');
    first.view.unmount();

    const { user, router } = setup();
    await user.type(await screen.findByLabelText('商品名称'), '半成品');
    await user.click(cancelButton());
    await answerLeave('onCancel');
    expect(router.state.location.pathname).toBe('/spu/add');
    await user.click(cancelButton());
    await answerLeave('onOk');
    await waitFor(() => expect(router.state.location.pathname).toBe('/mall/product/spu'));
    expect(useTagsStore.getState().views).toEqual([]);
  });

  it('asks before a navigation drops the changes (here the tab strip is off)', async () => {
    useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING, tagsView: false }, size: 'medium' });
    const { user, router } = setup('/spu/edit/7');
    await user.type(await screen.findByDisplayValue('老衬衫'), '（改）');
    await act(() => router.navigate('/mall/product/spu'));
    await answerLeave('onCancel');
    expect(router.state.location.pathname).toBe('/spu/edit/7');
    useLayoutSettings.setState({ setting: { ...DEFAULT_LAYOUT_SETTING }, size: 'medium' });
    // With its tab open the page stays in the page cache: going elsewhere loses nothing.
    await act(() => router.navigate('/mall/product/spu'));
    expect(router.state.location.pathname).toBe('/mall/product/spu');
  });

  it('sends an address that is not a number to the 404 page', async () => {
    const { router } = setup('/spu/edit/abc');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
    expect(await screen.findByText('页面不存在')).toBeInTheDocument();
  });
});
