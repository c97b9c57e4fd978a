import type { ProductSpu } from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { dict } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import SpuPage from './pages/mall/product/spu';

const spu = (id: number, status: number, name: string): ProductSpu => ({
  id,
  name,
  code: null,
  sellPoint: null,
  description: '<p>好</p>',
  categoryId: 3,
  brandId: 1,
  deliveryTemplateId: null,
  picUrls: [`https://img.example/${id}.png`],
  videoUrl: null,
  sort: id,
  status,
  specType: 1,
  showStock: true,
  marketPrice: 1999,
  minPrice: 999,
  maxPrice: 1999,
  totalStock: 40 + id,
  virtualSalesCount: 0,
  salesCount: 7,
  clickCount: 0,
  createTime: new Date(2026, 10, 20, 8, 0, 0).getTime(),
});

const stub = stubPageTest(
  (call) => {
    if (call.path.endsWith('/product/spu/page'))
      return ok(
        call.query.get('status') === '-1'
          ? { list: [spu(3, -1, '回收帽子')], total: 1 }
          : { list: [spu(1, 1, '在售衬衫'), spu(2, 0, '仓库短裤')], total: 2 },
      );
    if (call.path.endsWith('/product/spu/get-count')) return ok({ 0: 1, 1: 1, 2: 0, 3: 2, 4: 1 });
    if (call.path.endsWith('/product/category/list'))
      return ok([
        {
          id: 1,
          parentId: 0,
          name: '服装',
          picUrl: '',
          sort: 0,
          status: 0,
          description: null,
          createTime: 0,
        },
        {
          id: 3,
          parentId: 1,
          name: '衬衫',
          picUrl: '',
          sort: 0,
          status: 0,
          description: null,
          createTime: 0,
        },
      ]);
    if (call.path.endsWith('/product/brand/list'))
      return ok([
        { id: 1, name: '优衣库', picUrl: '', sort: 0, description: null, status: 0, createTime: 0 },
      ]);
    if (call.path.endsWith('/product/spu/export-excel')) return new Blob(['x']);
    return ok(true);
  },
  {
    dicts: [
      dict('product_spu_status', '1', '销售中', 'success'),
      dict('product_spu_status', '0', '仓库中', 'info'),
      dict('product_spu_status', '-1', '回收站', 'default'),
    ],
  },
);

const ALL = [
  'product:spu:query',
  'product:spu:create',
  'product:spu:update',
  'product:spu:delete',
  'product:spu:export',
];
const setup = (address = '/mall/product/spu', permissions = ALL) =>
  renderPage(<SpuPage />, {
    permissions,
    path: '/mall/product/spu',
    address,
    routes: [
      { path: '/spu/add', element: <p>添加商品页</p> },
      { path: '/spu/edit/:spuId', element: <p>修改商品页</p> },
    ],
  });
const lastPage = () => stub.callsTo('/product/spu/page').at(-1)!;
const rowOf = async (name: string) => (await screen.findByText(name)).closest('tr')!;
const confirm = async (user: ReturnType<typeof setup>['user'], question: string) => {
  const dialog = (await screen.findByText(question)).closest<HTMLElement>('.ant-modal')!;
  await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
};
/** The table has loaded what was asked for (while it loads, its tabs wait under the spinner). */
const settled = () => waitFor(() => expect(document.querySelector('.ant-spin-blur')).toBeNull());

describe('spu page', { timeout: 30_000 }, () => {
  it('lists the products with picture, yuan price, stock and status, and counts per tab', async () => {
    setup();
    const row = await rowOf('在售衬衫');
    expect(row.querySelector('img')).toHaveAttribute('src', 'https://img.example/1.png');
    expect(within(row).getByText('¥9.99 ~ ¥19.99')).toBeInTheDocument();
    expect(within(row).getByText('41')).toBeInTheDocument();
    expect(within(row).getByText('销售中')).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: '全部 (2)' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: '预警中 (2)' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: '回收站 (1)' })).toBeInTheDocument();
    // 全部 sends no status: the server leaves the recycle bin out.
    expect(lastPage().query.has('status')).toBe(false);
    expect(lastPage().query.has('alarmStock')).toBe(false);
  });

  it('filters by tab, keeps the tab in the address and across a search and a reset', async () => {
    const { user, router } = setup();
    await rowOf('在售衬衫');
    await user.click(screen.getByRole('tab', { name: /仓库中/ }));
    await waitFor(() => expect(lastPage().query.get('status')).toBe('0'));
    await settled();
    await user.click(screen.getByRole('tab', { name: /预警中/ }));
    await waitFor(() => expect(lastPage().query.get('alarmStock')).toBe('true'));
    expect(lastPage().query.has('status')).toBe(false);
    await settled();
    await user.click(screen.getByRole('tab', { name: /销售中/ }));
    await waitFor(() => expect(lastPage().query.get('status')).toBe('1'));
    await settled();
    expect(router.state.location.hash).toBe('#status=1');

    await user.type(screen.getByLabelText('商品名称'), '衬衫');
    // Enter in a field searches, as 搜索 does.
    await user.type(screen.getByLabelText('最低价格'), '19.99{Enter}');
    await waitFor(() => expect(lastPage().query.get('name')).toBe('衬衫'));
    expect(lastPage().query.get('status')).toBe('1');
    expect(lastPage().query.get('marketPriceMin')).toBe('1999');

    await user.click(screen.getByRole('button', { name: /重\s*置/ }));
    await waitFor(() => expect(lastPage().query.has('name')).toBe(false));
    expect(lastPage().query.get('status')).toBe('1');
    expect(screen.getByRole('tab', { name: /销售中/ })).toHaveAttribute('aria-selected', 'true');
    await settled();

    await user.click(screen.getByRole('tab', { name: /全部/ }));
    await waitFor(() => expect(lastPage().query.has('status')).toBe(false));
    expect(router.state.location.hash).toBe('');
  });

  it('searches by category (the last level chosen), brand and sales', async () => {
    const { user, router } = setup();
    await rowOf('在售衬衫');
    await user.click(screen.getByLabelText('商品分类'));
    await user.click(await screen.findByTitle('服装'));
    await user.click(await screen.findByTitle('衬衫'));
    await user.click(screen.getByLabelText('商品品牌'));
    await user.click((await screen.findAllByTitle('优衣库')).at(-1)!);
    await user.type(screen.getByLabelText('最低销量'), '5');
    await user.type(screen.getByLabelText('最高销量'), '9{Enter}');
    await waitFor(() => expect(lastPage().query.get('categoryId')).toBe('3'));
    expect(lastPage().query.get('brandId')).toBe('1');
    expect(lastPage().query.get('salesCountMin')).toBe('5');
    expect(lastPage().query.get('salesCountMax')).toBe('9');
    expect(router.state.location.hash).toContain('categoryId=3');
  });

  it('fills the search from the address', async () => {
    setup('/mall/product/spu#categoryId=3&brandId=1&marketPriceMax=1999');
    await rowOf('在售衬衫');
    expect(await screen.findByText('服装 / 衬衫')).toBeInTheDocument();
    expect(await screen.findByTitle('优衣库')).toBeInTheDocument();
    expect(screen.getByLabelText('最高价格')).toHaveValue('19.99');
    expect(lastPage().query.get('categoryId')).toBe('3');
  });

  it('opens on the tab the address names', async () => {
    setup('/mall/product/spu#status=-1');
    await rowOf('回收帽子');
    expect(screen.getByRole('tab', { name: /回收站/ })).toHaveAttribute('aria-selected', 'true');
    expect(lastPage().query.get('status')).toBe('-1');
  });

  it('changes the status: 下架 and 放入回收站 after confirmation, 上架 at once', async () => {
    const { user } = setup();
    const onSale = await rowOf('在售衬衫');
    const inStore = await rowOf('仓库短裤');
    expect(within(onSale).queryByRole('button', { name: /上架/ })).not.toBeInTheDocument();
    expect(within(onSale).queryByRole('button', { name: /删除/ })).not.toBeInTheDocument();
    expect(within(inStore).queryByRole('button', { name: /下架/ })).not.toBeInTheDocument();

    await user.click(within(onSale).getByRole('button', { name: /下架/ }));
    await confirm(user, '确认要下架"在售衬衫"吗?');
    await waitFor(() => expect(stub.callsTo('/product/spu/update-status')).toHaveLength(1));
    expect(stub.callsTo('/product/spu/update-status')[0]).toMatchObject({
      method: 'PUT',
      body: { id: 1, status: 0 },
    });
    expect(await screen.findByText('下架成功')).toBeInTheDocument();

    await user.click(within(inStore).getByRole('button', { name: /上架/ }));
    await waitFor(() => expect(stub.callsTo('/product/spu/update-status')).toHaveLength(2));
    expect(stub.callsTo('/product/spu/update-status')[1]!.body).toEqual({ id: 2, status: 1 });

    await user.click(within(inStore).getByRole('button', { name: /放入回收站/ }));
    await confirm(user, '确认要将"仓库短裤"放入回收站吗?');
    await waitFor(() => expect(stub.callsTo('/product/spu/update-status')).toHaveLength(3));
    expect(stub.callsTo('/product/spu/update-status')[2]!.body).toEqual({ id: 2, status: -1 });
    // The list and the counts are read again.
    await waitFor(() => expect(stub.callsTo('/product/spu/get-count').length).toBeGreaterThan(1));
  });

  it('restores and deletes only in the recycle bin', async () => {
    const { user } = setup('/mall/product/spu#status=-1');
    const row = await rowOf('回收帽子');
    expect(within(row).queryByRole('button', { name: /修改/ })).not.toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: /恢复/ }));
    await waitFor(() =>
      expect(stub.callsTo('/product/spu/update-status')[0]?.body).toEqual({ id: 3, status: 0 }),
    );
    await user.click(within(row).getByRole('button', { name: /删除/ }));
    await confirm(user, '是否确认删除商品编号为"3"的数据项?');
    await waitFor(() => expect(stub.callsTo('/product/spu/delete')).toHaveLength(1));
    expect(stub.callsTo('/product/spu/delete')[0]).toMatchObject({ method: 'DELETE' });
    expect(stub.callsTo('/product/spu/delete')[0]!.query.get('id')).toBe('3');
  });

  it('leads to the editor: 添加商品 and 修改', async () => {
    const { user, router } = setup();
    await user.click(within(await rowOf('在售衬衫')).getByRole('button', { name: /修改/ }));
    expect(router.state.location.pathname).toBe('/spu/edit/1');
    await router.navigate('/mall/product/spu');
    await user.click(await screen.findByRole('button', { name: /添加商品/ }));
    expect(router.state.location.pathname).toBe('/spu/add');
  });

  it('exports what the tab and the search show', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { user } = setup('/mall/product/spu#alarmStock=true');
    await rowOf('在售衬衫');
    await user.click(screen.getByRole('button', { name: /导\s*出/ }));
    await confirm(user, '是否确认导出所有商品数据项?');
    await waitFor(() => expect(stub.callsTo('/product/spu/export-excel')).toHaveLength(1));
    expect(stub.callsTo('/product/spu/export-excel')[0]!.query.get('alarmStock')).toBe('true');
  });

  it('shows only what the permissions allow', async () => {
    setup('/mall/product/spu', ['product:spu:query']);
    const row = await rowOf('在售衬衫');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /添加商品/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /导\s*出/ })).not.toBeInTheDocument();
  });
});
