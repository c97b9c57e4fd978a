import type {
  AreaNode,
  DeliveryExpress,
  ExpressTemplate,
  ExpressTemplateDetail,
  FreightQuote,
  PriceQueryResp,
} from '@app/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { COMMON_STATUS, numbered } from '../../test/dicts';
import { ok } from '../../test/http-stub';
import type { StubCall } from '../../test/http-stub';
import { stubPageTest } from '../../test/page-test';
import { renderPage } from '../../test/render-page';
import ExpressPage from './pages/mall/trade/delivery/express';
import ExpressTemplatePage from './pages/mall/trade/delivery/expressTemplate';
import PriceQueryPage from './pages/exp/price-query';

const CREATED = new Date(2026, 10, 20, 8, 0, 0).getTime();
const UPLOADED = 'https://cdn.example.com/logo.png';

const AREAS: AreaNode[] = [
  {
    id: 440000,
    name: '广东省',
    children: [{ id: 440300, name: '深圳市', children: [{ id: 440305, name: '南山区' }] }],
  },
  {
    id: 110000,
    name: '北京市',
    children: [
      {
        id: 110100,
        name: '北京市',
        children: [
          { id: 110101, name: '东城区' },
          { id: 110102, name: '西城区' },
        ],
      },
    ],
  },
];

const express = (
  id: number,
  code: string,
  name: string,
  logo: string | null,
  status = 0,
): DeliveryExpress => ({
  id,
  code,
  name,
  logo,
  sort: id,
  status,
  createTime: CREATED,
});
const EXPRESSES = [
  express(1, 'SF', '顺丰速运', 'https://cdn.example.com/sf.png'),
  express(2, 'YTO', '圆通速递', null, 1),
];

const TEMPLATE: ExpressTemplate = { id: 3, name: '华南重货', chargeMode: 2, sort: 1, createTime: CREATED };
const DETAIL: ExpressTemplateDetail = {
  ...TEMPLATE,
  templateCharge: [
    { id: 31, areaIds: [1], startCount: 1, startPrice: 1250, extraCount: 0.5, extraPrice: 300 },
  ],
  templateFree: [{ id: 32, areaIds: [440000], freePrice: 9900, freeCount: 0 }],
};

const quote = (over: Partial<FreightQuote> & Pick<FreightQuote, 'templateId' | 'templateName'>) =>
  ({
    chargeMode: 1,
    deliverable: true,
    price: null,
    quantity: 1,
    charge: null,
    free: null,
    ...over,
  }) satisfies FreightQuote;

const QUOTES: PriceQueryResp = {
  fromAreaName: '广东省 深圳市',
  toAreaName: '北京市',
  volume: 0.024,
  quotes: [
    quote({
      templateId: 7,
      templateName: '满额包邮',
      price: 0,
      quantity: 1,
      charge: {
        matchedAreaId: 1,
        matchedAreaName: '全国',
        startCount: 1,
        startPrice: 800,
        extraCount: 1,
        extraPrice: 200,
        extraUnits: 0,
      },
      free: { matchedAreaId: 1, matchedAreaName: '全国', freePrice: 9900, freeCount: 1 },
    }),
    quote({
      templateId: 8,
      templateName: '大件体积',
      chargeMode: 3,
      price: 2000,
      quantity: 0.024,
      charge: {
        matchedAreaId: 440000,
        matchedAreaName: '广东省',
        startCount: 0.01,
        startPrice: 1000,
        extraCount: 0.01,
        extraPrice: 500,
        extraUnits: 2,
      },
    }),
    quote({ templateId: 9, templateName: '仅限江浙沪', deliverable: false }),
  ],
};

/** The price query's answer the test wants (none: every template's quote). */
let priceAnswer: PriceQueryResp = QUOTES;
beforeEach(() => {
  priceAnswer = QUOTES;
});

const answer = (call: StubCall): unknown => {
  const { path } = call;
  if (path.endsWith('/system/area/tree')) return ok(AREAS);
  if (path.endsWith('/trade/delivery/express/page')) return ok({ list: EXPRESSES, total: 2 });
  if (path.endsWith('/trade/delivery/express/get'))
    return ok(EXPRESSES.find((row) => row.id === Number(call.query.get('id'))) ?? null);
  if (path.endsWith('/trade/delivery/express-template/page')) return ok({ list: [TEMPLATE], total: 1 });
  if (path.endsWith('/trade/delivery/express-template/get')) return ok(DETAIL);
  if (path.endsWith('/trade/delivery/price-query')) return ok(priceAnswer);
  if (path.endsWith('/infra/file/upload')) return ok(UPLOADED);
  if (path.endsWith('/create')) return ok(9);
  return ok(true);
};

const stub = stubPageTest(answer, {
  dicts: [...COMMON_STATUS, ...numbered('trade_delivery_express_charge_mode', ['按件', '按重量', '按体积'])],
});

const crud = (resource: string) =>
  ['query', 'create', 'update', 'delete', 'export'].map((a) => `trade:delivery:${resource}:${a}`);

const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;
const lastCall = (suffix: string) => stub.callsTo(suffix).at(-1);
const okButton = (dialog: HTMLElement) => within(dialog).getByRole('button', { name: /确\s*定/ });
const dialogTitled = async (title: string) => {
  const dialog = await screen.findByRole('dialog');
  expect(within(dialog).getByText(title)).toBeInTheDocument();
  return dialog;
};
/** The rows of a rule table in the dialog, by its heading. */
const ruleRows = (dialog: HTMLElement, title: string) => {
  const heading = within(dialog).getByText(title).closest('.ant-divider')!;
  const table = heading.nextElementSibling as HTMLElement;
  return [...table.querySelectorAll<HTMLElement>('tbody tr.ant-table-row')];
};
/** Picks regions along a path in the open cascader: opening each level, then checking or choosing the last. */
const pickArea = async (user: UserEvent, path: string[], { check = false } = {}) => {
  for (const [index, name] of path.entries()) {
    const menus = await waitFor(() => {
      const open = document.querySelectorAll('.ant-cascader-dropdown:not(.ant-select-dropdown-hidden)');
      const found = open[open.length - 1]?.querySelectorAll('.ant-cascader-menu') ?? [];
      expect(found.length).toBeGreaterThan(index);
      return found;
    });
    const item = [...menus[index]!.querySelectorAll<HTMLElement>('.ant-cascader-menu-item')].find(
      (li) => li.querySelector('.ant-cascader-menu-item-content')?.textContent === name,
    )!;
    const last = index === path.length - 1;
    await user.click(last && check ? item.querySelector<HTMLElement>('.ant-cascader-checkbox')! : item);
  }
};

describe('快递公司', { timeout: 30_000 }, () => {
  const setup = (permissions = crud('express')) =>
    renderPage(<ExpressPage />, { permissions, path: '/mall/trade/delivery/express' }).user;

  it('lists a page of companies with their logo (or -) and status', async () => {
    setup();
    const sf = await rowOf('顺丰速运');
    const yto = await rowOf('圆通速递');
    expect(within(sf).getByRole('img', { name: '顺丰速运' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/sf.png',
    );
    expect(within(sf).getByText('开启')).toBeInTheDocument();
    expect(yto.querySelector('img')).toBeNull();
    expect(within(yto).getByText('-')).toBeInTheDocument();
    expect(within(yto).getByText('关闭')).toBeInTheDocument();
    expect(lastCall('/trade/delivery/express/page')?.query.get('pageSize')).toBe('20');
    expect(screen.getByRole('button', { name: /导出/ })).toBeInTheDocument();
  });

  it('checks the code, then creates a company with its logo, sort and status', async () => {
    const user = setup();
    await rowOf('顺丰速运');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加快递公司');
    await user.type(within(dialog).getByLabelText('快递公司编码'), 'JD express');
    await user.click(okButton(dialog));
    expect(
      await within(dialog).findByText('快递公司编码只能包含字母、数字、下划线和中划线'),
    ).toBeInTheDocument();
    expect(within(dialog).getByText('快递公司名称不能为空')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('快递公司编码'));
    await user.type(within(dialog).getByLabelText('快递公司编码'), 'JD');
    await user.type(within(dialog).getByLabelText('快递公司名称'), '京东物流');
    await user.upload(
      within(dialog).getByLabelText('快递公司 logo'),
      new File(['png'], 'logo.png', { type: 'image/png' }),
    );
    await waitFor(() => expect(within(dialog).getByAltText('已上传的图片')).toHaveAttribute('src', UPLOADED));
    await user.clear(within(dialog).getByLabelText('排序'));
    await user.type(within(dialog).getByLabelText('排序'), '3');
    await user.click(within(dialog).getByRole('radio', { name: '关闭' }));
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/delivery/express/create')).toHaveLength(1));
    expect(stub.callsTo('/trade/delivery/express/create')[0]!.body).toEqual({
      code: 'JD',
      name: '京东物流',
      logo: UPLOADED,
      sort: 3,
      status: 1,
    });
    expect(await screen.findByText('新增成功')).toBeInTheDocument();
  });

  it('deletes after the 系统提示 naming the company', async () => {
    const user = setup();
    await user.click(within(await rowOf('圆通速递')).getByRole('button', { name: /删除/ }));
    expect(await screen.findByText('是否确认删除快递公司"圆通速递"?')).toBeInTheDocument();
    expect(screen.getAllByText('系统提示').length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(lastCall('/trade/delivery/express/delete')?.query.get('id')).toBe('2'));
  });

  it('shows a read-only list to a user who may only query', async () => {
    setup(['trade:delivery:express:query']);
    await rowOf('顺丰速运');
    for (const name of ['新增', '导出', '修改', '删除'])
      expect(screen.queryByRole('button', { name: new RegExp(name) })).not.toBeInTheDocument();
  });
});

describe('运费模版', { timeout: 30_000 }, () => {
  const setup = (permissions = crud('express-template')) =>
    renderPage(<ExpressTemplatePage />, {
      permissions,
      path: '/mall/trade/delivery/express-template',
    }).user;

  it('lists templates with their charge mode', async () => {
    setup();
    const row = await rowOf('华南重货');
    expect(within(row).getByText('按重量')).toBeInTheDocument();
    expect(lastCall('/trade/delivery/express-template/page')?.query.get('pageNo')).toBe('1');
  });

  it('creates a template: 全国 first, units by the charge mode, prices in yuan sent as fen', async () => {
    const user = setup();
    await rowOf('华南重货');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加运费模板');
    const [first] = ruleRows(dialog, '区域运费');
    await waitFor(() => expect(first).toHaveTextContent('全国'));
    expect(within(first!).getByLabelText('首件')).toHaveValue('1');

    await user.type(within(dialog).getByLabelText('模板名称'), '江浙沪重货');
    await user.click(within(dialog).getByRole('radio', { name: '按重量' }));
    expect(await within(first!).findByLabelText('首重（kg）')).toBeInTheDocument();
    expect(within(first!).getByLabelText('续重（kg）')).toBeInTheDocument();
    await user.type(within(first!).getByLabelText('运费（元）'), '10.5');
    await user.type(within(first!).getByLabelText('续费（元）'), '2');

    // A free-shipping rule for 广东省 and 北京市's 东城区.
    await user.click(within(dialog).getAllByRole('button', { name: /添加区域/ })[1]!);
    await waitFor(() => expect(ruleRows(dialog, '包邮区域')).toHaveLength(1));
    const [free] = ruleRows(dialog, '包邮区域');
    await user.click(within(free!).getByRole('combobox'));
    await pickArea(user, ['广东省'], { check: true });
    await pickArea(user, ['北京市', '北京市', '东城区']);
    await user.type(within(free!).getByLabelText('包邮金额（元）'), '99');
    await user.clear(within(free!).getByLabelText('包邮件数'));
    await user.type(within(free!).getByLabelText('包邮件数'), '2');

    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/delivery/express-template/create')).toHaveLength(1));
    expect(stub.callsTo('/trade/delivery/express-template/create')[0]!.body).toEqual({
      name: '江浙沪重货',
      chargeMode: 2,
      sort: 0,
      templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 1050, extraCount: 1, extraPrice: 200 }],
      templateFree: [{ areaIds: [440000, 110101], freePrice: 9900, freeCount: 2 }],
    });
  });

  it('asks for at least one charge rule and for the regions of each rule', async () => {
    const user = setup();
    await rowOf('华南重货');
    await user.click(screen.getByRole('button', { name: /新增/ }));
    const dialog = await dialogTitled('添加运费模板');
    await user.type(within(dialog).getByLabelText('模板名称'), '空模板');
    await user.click(within(ruleRows(dialog, '区域运费')[0]!).getByRole('button', { name: '删除该行' }));
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('至少设置一条区域运费')).toBeInTheDocument();

    await user.click(within(dialog).getAllByRole('button', { name: /添加区域/ })[0]!);
    await user.click(okButton(dialog));
    expect(await within(dialog).findByText('区域不能为空')).toBeInTheDocument();
    expect(within(dialog).getByText('起步价不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/trade/delivery/express-template/create')).toHaveLength(0);
  });

  it('edits a template: fen shown as yuan, saved back as fen without the rules’ ids', async () => {
    const user = setup();
    await user.click(within(await rowOf('华南重货')).getByRole('button', { name: /修改/ }));
    const dialog = await dialogTitled('修改运费模板');
    await waitFor(() => expect(within(dialog).getByLabelText('模板名称')).toHaveValue('华南重货'));
    const [charge] = ruleRows(dialog, '区域运费');
    expect(within(charge!).getByLabelText('运费（元）')).toHaveValue('12.50');
    expect(within(charge!).getByLabelText('续重（kg）')).toHaveValue('0.5');
    const [free] = ruleRows(dialog, '包邮区域');
    await waitFor(() => expect(free).toHaveTextContent('广东省'));
    expect(within(free!).getByLabelText('包邮金额（元）')).toHaveValue('99.00');

    await user.clear(within(charge!).getByLabelText('续费（元）'));
    await user.type(within(charge!).getByLabelText('续费（元）'), '3.99');
    await user.click(okButton(dialog));
    await waitFor(() => expect(stub.callsTo('/trade/delivery/express-template/update')).toHaveLength(1));
    expect(stub.callsTo('/trade/delivery/express-template/update')[0]!.body).toEqual({
      id: 3,
      name: '华南重货',
      chargeMode: 2,
      sort: 1,
      templateCharge: [{ areaIds: [1], startCount: 1, startPrice: 1250, extraCount: 0.5, extraPrice: 399 }],
      templateFree: [{ areaIds: [440000], freePrice: 9900, freeCount: 0 }],
    });
  });
});

describe('运费查询', { timeout: 30_000 }, () => {
  const setup = () =>
    renderPage(<PriceQueryPage />, {
      permissions: ['trade:delivery:price-query:query'],
      path: '/exp/price-query',
    }).user;

  const fill = async (user: UserEvent) => {
    await user.click(screen.getByRole('combobox', { name: '发货地区' }));
    await pickArea(user, ['广东省', '深圳市']);
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('combobox', { name: '收货地区' }));
    await pickArea(user, ['北京市']);
    await user.keyboard('{Escape}');
    await user.type(screen.getByLabelText('重量（kg）'), '2');
    await user.type(screen.getByLabelText('长（cm）'), '20');
    await user.type(screen.getByLabelText('宽（cm）'), '30');
    await user.type(screen.getByLabelText('高（cm）'), '40');
  };

  it('asks for the parcel before querying', async () => {
    const user = setup();
    expect(screen.getByText('输入包裹信息后查询运费')).toBeInTheDocument();
    expect(screen.getByLabelText('件数')).toHaveValue('1');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('发货地区不能为空')).toBeInTheDocument();
    expect(screen.getByText('收货地区不能为空')).toBeInTheDocument();
    expect(screen.getByText('订单金额不能为空')).toBeInTheDocument();
    expect(stub.callsTo('/trade/delivery/price-query')).toHaveLength(0);
  });

  it('sends the parcel with the amount in fen and shows the quotes in the order given', async () => {
    const user = setup();
    await fill(user);
    // Enter in a field queries, as the 查询 button does.
    await user.type(screen.getByLabelText('订单金额（元）'), '99.5{Enter}');
    await waitFor(() => expect(stub.callsTo('/trade/delivery/price-query')).toHaveLength(1));
    expect(Object.fromEntries(lastCall('/trade/delivery/price-query')!.query)).toEqual({
      fromAreaId: '440300',
      toAreaId: '110000',
      weight: '2',
      length: '20',
      width: '30',
      height: '40',
      count: '1',
      amount: '9950',
    });

    expect(await screen.findByText('广东省 深圳市 → 北京市')).toBeInTheDocument();
    expect(screen.getByText(/体积 = 20 × 30 × 40 cm = 0\.024 m³/)).toBeInTheDocument();
    const rows = [...document.querySelectorAll<HTMLTableRowElement>('tbody tr.ant-table-row')];
    expect(rows.map((row) => row.cells[0]!.textContent)).toEqual([
      '满额包邮 最便宜',
      '大件体积 ',
      '仅限江浙沪 ',
    ]);
    const [free, volume, none] = rows as [HTMLTableRowElement, HTMLTableRowElement, HTMLTableRowElement];
    expect(within(free).getByText('包邮')).toBeInTheDocument();
    expect(within(free).getByText('按件')).toBeInTheDocument();
    expect(within(free).getByText('满足「全国」包邮条件（满 ¥99.00 且满 1 件）')).toBeInTheDocument();
    expect(within(volume).getByText('¥20.00')).toBeInTheDocument();
    expect(within(volume).getByText('按体积')).toBeInTheDocument();
    expect(
      within(volume).getByText(
        '按体积：0.024 m³，匹配区域「广东省」首 0.01 m³ ¥10.00，续 2 × 0.01 m³ × ¥5.00 = ¥10.00，合计 ¥20.00',
      ),
    ).toBeInTheDocument();
    expect(within(none).getByText('不配送')).toBeInTheDocument();
    expect(within(none).queryByText('最便宜')).not.toBeInTheDocument();
  });

  it('says so when there are no templates', async () => {
    priceAnswer = { ...QUOTES, quotes: [] };
    const user = setup();
    await fill(user);
    await user.type(screen.getByLabelText('订单金额（元）'), '0');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    expect(await screen.findByText('暂无运费模板')).toBeInTheDocument();
  });
});
