import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  RollbackOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import {
  DICT_TYPE,
  SPU_STATUS,
  productSpuCount,
  productSpuCreate,
  productSpuDelete,
  productSpuExport,
  productSpuPage,
  productSpuUpdate,
  productSpuUpdateStatus,
} from '@app/contract';
import type { ProductSpu } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, InputNumber, Tabs } from 'antd';
import type { InputNumberProps, TableColumnsType } from 'antd';
import { useNavigate } from 'react-router';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  dictColumn,
  ExportButton,
  invalidateEndpoints,
  ListPage,
  queryKey,
  textColumn,
  useCan,
  useConfirmedCall,
  useDeleteAction,
  useListPage,
} from '../../shared/crud';
import type { ListQuery, QueryValue, RowAction, SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { fenToYuan, formatFen, yuanToFen } from '../../shared/ui/money';
import { BrandSelect, CategoryCascader } from './spu-inputs';
import { SPU_ADD_PATH, spuEditPath } from './spu-paths';
import './spu.css';

const first = (value: QueryValue) => (typeof value === 'string' ? value : (value[0] ?? ''));

/** A number typed in the search, sent as it is or (`yuan`) in fen. */
const rangeField = (
  name: string,
  label: string,
  placeholder: string,
  yuan: boolean,
  before?: string,
): SearchField => ({
  kind: 'custom',
  name,
  label,
  render: () => (
    <NumberInput
      placeholder={placeholder}
      aria-label={placeholder}
      precision={yuan ? 2 : 0}
      before={before}
    />
  ),
  toQuery: (value) => String(yuan ? yuanToFen(value as number) : value),
  fromQuery: (value) => (yuan ? fenToYuan(Number(first(value))) : Number(first(value))),
});

/** The upper bound of a range, after a dash (its form item has no label of its own). */
function NumberInput({ before, ...props }: InputNumberProps<number> & { before?: string }) {
  return (
    <span className="spu-range-part">
      {before && <span className="spu-range-dash">{before}</span>}
      <InputNumber<number> {...props} min={0} style={{ width: 120 }} />
    </span>
  );
}

/** Fields of the list state that the tabs set: the form never shows them. */
const tabField = (name: string): SearchField => ({
  kind: 'custom',
  name,
  label: name,
  render: () => null,
  toQuery: (value) => String(value),
  fromQuery: first,
});
const TAB_FIELDS = ['status', 'alarmStock'];

const VISIBLE: SearchField[] = [
  { kind: 'text', name: 'name', label: '商品名称' },
  { kind: 'text', name: 'code', label: '商品编码' },
  {
    kind: 'custom',
    name: 'categoryId',
    label: '商品分类',
    render: () => <CategoryCascader style={{ width: 200 }} />,
    toQuery: (value) => String(value),
    fromQuery: (value) => Number(first(value)),
  },
  {
    kind: 'custom',
    name: 'brandId',
    label: '商品品牌',
    render: () => <BrandSelect style={{ width: 200 }} />,
    toQuery: (value) => String(value),
    fromQuery: (value) => Number(first(value)),
  },
  rangeField('salesCountMin', '商品销量', '最低销量', false),
  rangeField('salesCountMax', '', '最高销量', false, '-'),
  rangeField('marketPriceMin', '商品价格', '最低价格', true),
  rangeField('marketPriceMax', '', '最高价格', true, '-'),
];
const SEARCH: SearchField[] = [...VISIBLE, ...TAB_FIELDS.map(tabField)];

/** The tabs: their filter, and their key in the counts of get-count. */
const TABS = [
  { key: 'all', label: '全部', query: {} },
  { key: 'sale', label: '销售中', query: { status: String(SPU_STATUS.ENABLE) }, count: '0' },
  { key: 'store', label: '仓库中', query: { status: String(SPU_STATUS.DISABLE) }, count: '1' },
  { key: 'alarm', label: '预警中', query: { alarmStock: 'true' }, count: '3' },
  { key: 'recycle', label: '回收站', query: { status: String(SPU_STATUS.RECYCLE) }, count: '4' },
] as const;
type Tab = (typeof TABS)[number];

const tabOf = (query: ListQuery): Tab =>
  TABS.find((tab) => TAB_FIELDS.every((name) => (tab.query as ListQuery)[name] === query[name])) ?? TABS[0];

/** A tab's title with its count; 全部 is what is not in the recycle bin: on sale and in store. */
const tabLabel = (tab: Tab, counts: Record<string, number> | undefined) => {
  if (!counts) return tab.label;
  const count = 'count' in tab ? counts[tab.count] : (counts['0'] ?? 0) + (counts['1'] ?? 0);
  return count === undefined ? tab.label : `${tab.label} (${count})`;
};

/** 商品列表 (menu component mall/product/spu/index): products by tab, with their status actions. */
export function SpuPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const client = useQueryClient();
  const confirmed = useConfirmedCall();
  const list = useListPage(productSpuPage, { search: SEARCH });
  const tab = tabOf(list.state.query);
  const counts = useQuery({
    queryKey: queryKey(productSpuCount),
    queryFn: () => request(productSpuCount),
    staleTime: 0,
  });
  const canUpdate = useCan(productSpuUpdate);
  const canChangeStatus = useCan(productSpuUpdateStatus);
  const canDelete = useCan(productSpuDelete);
  const onDelete = useDeleteAction(productSpuDelete, '商品');

  // The tab is part of the list state (and the address) beside the search; searching keeps it.
  const searchIn = (target: Tab, values: Record<string, unknown>) =>
    list.onSearch({ ...values, ...target.query });
  const onTab = (key: string) => {
    const target = TABS.find((candidate) => candidate.key === key) ?? TABS[0];
    searchIn(target, list.searchForm.getFieldsValue());
  };

  /** 上架 and 恢复 lose nothing: no question asked. */
  const setStatus = async (row: ProductSpu, status: number, success: string) => {
    await request(productSpuUpdateStatus, { body: { id: row.id, status } });
    void message.success(success);
    await invalidateEndpoints(client, productSpuPage);
  };
  const confirmStatus = (row: ProductSpu, status: number, content: string, success: string) =>
    void confirmed({
      content,
      endpoint: productSpuUpdateStatus,
      options: { body: { id: row.id, status } },
      success,
    });

  const actions = (row: ProductSpu): RowAction[] => {
    if (row.status === SPU_STATUS.RECYCLE)
      return [
        {
          key: 'restore',
          label: '恢复',
          icon: <RollbackOutlined />,
          visible: canChangeStatus,
          onClick: () => void setStatus(row, SPU_STATUS.DISABLE, '恢复成功').catch(() => {}),
        },
        {
          key: 'delete',
          label: '删除',
          icon: <DeleteOutlined />,
          danger: true,
          visible: canDelete,
          onClick: () => void onDelete(row.id),
        },
      ];
    const onSale = row.status === SPU_STATUS.ENABLE;
    return [
      {
        key: 'update',
        label: '修改',
        icon: <EditOutlined />,
        visible: canUpdate,
        onClick: () => void navigate(spuEditPath(row.id)),
      },
      onSale
        ? {
            key: 'off',
            label: '下架',
            icon: <DownloadOutlined />,
            visible: canChangeStatus,
            onClick: () => confirmStatus(row, SPU_STATUS.DISABLE, `确认要下架"${row.name}"吗?`, '下架成功'),
          }
        : {
            key: 'on',
            label: '上架',
            icon: <UploadOutlined />,
            visible: canChangeStatus,
            onClick: () => void setStatus(row, SPU_STATUS.ENABLE, '上架成功').catch(() => {}),
          },
      {
        key: 'recycle',
        label: '放入回收站',
        icon: <DeleteOutlined />,
        danger: true,
        visible: canChangeStatus,
        onClick: () =>
          confirmStatus(row, SPU_STATUS.RECYCLE, `确认要将"${row.name}"放入回收站吗?`, '放入回收站成功'),
      },
    ];
  };

  const columns: TableColumnsType<ProductSpu> = [
    {
      title: '商品信息',
      key: 'info',
      width: 220,
      render: (_: unknown, row: ProductSpu) => (
        <div className="spu-info">
          {row.picUrls[0] && <img className="spu-info-pic" src={row.picUrls[0]} alt="" loading="lazy" />}
          <span className="spu-info-name">{row.name}</span>
        </div>
      ),
    },
    // What a customer pays (the SKUs' sale prices); the reference showed the market price here.
    textColumn('价格', 'minPrice', {
      width: 150,
      render: (min: number, row: ProductSpu) =>
        min === row.maxPrice ? formatFen(min) : `${formatFen(min)} ~ ${formatFen(row.maxPrice)}`,
    }),
    textColumn('库存', 'totalStock', { width: 80 }),
    textColumn('销量', 'salesCount', { width: 70 }),
    textColumn('排序', 'sort', { width: 60 }),
    dateTimeColumn<ProductSpu>(),
    dictColumn<ProductSpu>('状态', 'status', DICT_TYPE.PRODUCT_SPU_STATUS),
    ...actionColumn(actions, { visible: canUpdate || canChangeStatus || canDelete, width: 240 }),
  ];

  return (
    <ListPage<ProductSpu>
      list={{
        ...list,
        search: VISIBLE,
        onSearch: (values) => searchIn(tab, values),
        onReset: () => {
          list.onReset();
          searchIn(tab, {});
        },
      }}
      columns={columns}
      className="spu-list"
      emptyText="暂无商品"
      scrollX={1090}
      actions={
        <>
          <CreateButton
            endpoint={productSpuCreate}
            label="添加商品"
            onClick={() => void navigate(SPU_ADD_PATH)}
          />
          <ExportButton endpoint={productSpuExport} query={list.filter} entity="商品" fileName="商品.xlsx" />
        </>
      }
      table={{
        title: () => (
          <Tabs
            type="card"
            activeKey={tab.key}
            onChange={onTab}
            items={TABS.map((item) => ({ key: item.key, label: tabLabel(item, counts.data) }))}
          />
        ),
      }}
    />
  );
}
