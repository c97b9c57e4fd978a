import { PayCircleOutlined, RollbackOutlined } from '@ant-design/icons';
import {
  PAY_DEMO_PRODUCTS,
  payAppList,
  payDemoOrderCreate,
  payDemoOrderGet,
  payDemoOrderPage,
  payDemoOrderRefund,
} from '@app/contract';
import type { PayDemoOrder } from '@app/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Select, Tag } from 'antd';
import type { SelectProps, TableColumnsType } from 'antd';
import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CreateButton,
  dateTimeColumn,
  formItem,
  FormDialog,
  idColumn,
  invalidateEndpoints,
  queryKey,
  required,
  textColumn,
  useCan,
  useConfirmedCall,
  useCrudPage,
  useFormDialog,
} from '../../shared/crud';
import { request } from '../../shared/request';
import { formatFen } from '../../shared/ui/money';
import { cashierPath, demoOrderPath, PAY_RESULTS } from './pay-paths';
import type { PayResult } from './pay-paths';

const money = (fen: number) => formatFen(fen);

const COLUMNS: TableColumnsType<PayDemoOrder> = [
  idColumn('订单编号', { width: 90 }),
  textColumn('用户编号', 'userId', { width: 90 }),
  textColumn('商品名字', 'spuName'),
  textColumn('支付价格', 'price', { width: 110, render: money }),
  textColumn('退款金额', 'refundPrice', { width: 110, render: money }),
  dateTimeColumn(),
  textColumn('支付单号', 'payOrderId', { width: 100 }),
  {
    title: '是否支付',
    dataIndex: 'payStatus',
    width: 90,
    align: 'center',
    render: (paid: boolean) => (paid ? <Tag color="success">已支付</Tag> : <Tag>未支付</Tag>),
  },
  dateTimeColumn('支付时间', 'payTime'),
  dateTimeColumn('退款时间', 'refundTime'),
];

const PRODUCT_OPTIONS = PAY_DEMO_PRODUCTS.map((p) => ({
  value: p.id,
  label: `${p.name}（${formatFen(p.price)}）`,
}));

/** What the page says when the cashier sent the payer back (`?payResult=`). */
const RESULT_MESSAGES: Record<PayResult, { type: 'success' | 'warning' | 'error'; text: string }> = {
  success: { type: 'success', text: '支付成功' },
  cancel: { type: 'warning', text: '支付已取消' },
  close: { type: 'error', text: '支付已关闭' },
};

/** The app a demo order is paid through; the tenant's first enabled one when none is chosen. */
function PayAppSelect({ enabled, ...props }: SelectProps & { enabled: boolean }) {
  const canList = useCan(payAppList);
  const apps = useQuery({
    queryKey: queryKey(payAppList),
    queryFn: () => request(payAppList),
    enabled: enabled && canList,
    staleTime: 0,
  });
  return (
    <Select
      {...props}
      allowClear
      loading={apps.isFetching}
      placeholder="默认使用第一个开启的应用"
      options={(apps.data ?? []).map((app) => ({ value: app.id, label: app.name }))}
    />
  );
}

/** 接入示例 (menu component pay/demo/index): demo orders, paid through the cashier and refunded. */
export function PayDemoOrderPage() {
  const { message } = App.useApp();
  const client = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const dialog = useFormDialog();
  const call = useConfirmedCall();

  // Back from the cashier: say how the payment went, once per result, and show the orders as they are now.
  const payResult = PAY_RESULTS.find((result) => result === params.get('payResult'));
  const announced = useRef<PayResult | null>(null);
  useEffect(() => {
    if (!payResult || announced.current === payResult) return;
    announced.current = payResult;
    const { type, text } = RESULT_MESSAGES[payResult];
    void message[type](text);
    void invalidateEndpoints(client, payDemoOrderPage);
  }, [payResult, message, client]);

  return useCrudPage({
    endpoints: { page: payDemoOrderPage },
    entity: '示例订单',
    listOptions: { staleTime: 0 },
    columns: COLUMNS,
    rowActions: {
      more: (row) => [
        {
          key: 'pay',
          label: '前往支付',
          icon: <PayCircleOutlined />,
          onClick: () => void navigate(cashierPath(row.payOrderId, demoOrderPath(row.id))),
          visible: !row.payStatus,
        },
        {
          key: 'refund',
          label: '发起退款',
          icon: <RollbackOutlined />,
          danger: true,
          onClick: () =>
            call({
              content: `是否确认退款编号为「${row.id}」的示例订单？`,
              endpoint: payDemoOrderRefund,
              options: { query: { id: row.id } },
              success: '发起退款成功',
            }),
          visible: row.payStatus && row.refundPrice < row.price,
        },
      ],
      moreVisible: true,
      width: 200,
    },
    toolbar: <CreateButton endpoint={payDemoOrderCreate} label="发起订单" onClick={dialog.openCreate} />,
    emptyText: '暂无示例订单',
    scrollX: 1500,
    dialogs: (
      // Only ever opened to create: a demo order is not edited, so `get` and `update` are never called.
      <FormDialog
        control={dialog}
        entity="订单"
        createVerb="发起"
        get={payDemoOrderGet}
        create={payDemoOrderCreate}
        update={payDemoOrderCreate}
        name="payDemoOrderForm"
      >
        {(_form, _updating, open) => (
          <>
            {formItem(
              '商品',
              'spuId',
              required('商品'),
              <Select placeholder="请选择下单商品" options={PRODUCT_OPTIONS} />,
            )}
            {formItem('支付应用', 'appId', [], <PayAppSelect enabled={open} />)}
          </>
        )}
      </FormDialog>
    ),
  });
}
