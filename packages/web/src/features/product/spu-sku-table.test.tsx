import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { buildSkuRows } from './sku-matrix';
import type { ChosenProperty, SkuRow } from './sku-matrix';
import { SkuTable } from './spu-sku-table';

const COLOR: ChosenProperty = {
  propertyId: 1,
  name: '颜色',
  values: Array.from({ length: 60 }, (_, i) => ({ id: i + 1, name: `色${i + 1}` })),
};
/** 60 SKUs, all filled in but the 56th's price. */
const rows: SkuRow[] = buildSkuRows([COLOR], []).map((row, i) => ({
  ...row,
  marketPrice: 20,
  price: i === 55 ? null : 10,
  costPrice: 5,
  stock: 1,
}));

const table = (showErrors: boolean) => (
  <App>
    <SkuTable
      rows={rows}
      properties={[COLOR]}
      multi
      bulk={{}}
      showErrors={showErrors}
      onChange={vi.fn()}
      onFill={vi.fn()}
    />
  </App>
);
const skuRows = () => document.querySelectorAll('.spu-sku-table tbody tr.ant-table-row:not(.spu-sku-bulk)');

describe('the SKU table', { timeout: 60_000 }, () => {
  it('pages a long list of SKUs under the 批量设置 row, and opens the page of the first problem', async () => {
    const user = userEvent.setup({ delay: null });
    const view = render(table(false));
    expect(skuRows()).toHaveLength(50);
    expect(screen.getByText('共 60 个 SKU')).toBeInTheDocument();
    await user.click(within(document.querySelector<HTMLElement>('.spu-sku-pagination')!).getByText('2'));
    expect(skuRows()).toHaveLength(10);
    expect(screen.getByLabelText('市场价 批量设置')).toBeInTheDocument();
    await user.click(within(document.querySelector<HTMLElement>('.spu-sku-pagination')!).getByText('1'));
    expect(skuRows()).toHaveLength(50);

    view.rerender(table(true));
    expect(skuRows()).toHaveLength(10);
    expect(screen.getByLabelText('销售价 色56')).toBeInTheDocument();
    expect(screen.getByText('销售价不能为空')).toBeInTheDocument();
  });
});
