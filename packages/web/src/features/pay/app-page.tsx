import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  payAppCreate,
  payAppDelete,
  payAppGet,
  payAppPage,
  payAppUpdate,
  payAppUpdateStatus,
} from '@app/contract';
import type { PayAppPageItem } from '@app/contract';
import { Button } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  dictField,
  idColumn,
  remarkField,
  requiredText,
  statusColumn,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { ChannelDialog } from './channel-dialogs';
import type { ChannelTarget } from './channel-dialogs';
import { CHANNEL_GROUPS } from './pay-channels';
import type { ChannelColumn } from './pay-channels';

const ENDPOINTS = {
  page: payAppPage,
  get: payAppGet,
  create: payAppCreate,
  update: payAppUpdate,
  delete: payAppDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '应用名' },
  { kind: 'dict', name: 'status', label: '开启状态', dictType: DICT_TYPE.COMMON_STATUS },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** A callback address: required, http or https, as the server checks it. */
const notifyUrlField = (label: string, name: string) =>
  textField(label, name, 1024, {
    rules: [
      ...requiredText(label, 1024),
      { pattern: /^https?:\/\/[^\s/?#]+\S*$/i, message: `${label}必须是 http 或 https 地址` },
    ],
  });

/** A channel's cell: green ✓ when the app has it configured, red ✗ otherwise; either opens its dialog. */
function ChannelButton({
  configured,
  name,
  onClick,
}: {
  configured: boolean;
  name: string;
  onClick: () => void;
}) {
  return (
    <Button
      shape="circle"
      size="small"
      variant="solid"
      color={configured ? 'green' : 'danger'}
      icon={configured ? <CheckOutlined /> : <CloseOutlined />}
      aria-label={`${name}：${configured ? '已配置' : '未配置'}`}
      onClick={onClick}
    />
  );
}

/** The column groups of the channels (支付宝配置, 微信配置, 模拟支付配置, 钱包支付配置). */
const channelColumns = (open: (target: ChannelTarget) => void): TableColumnsType<PayAppPageItem> =>
  CHANNEL_GROUPS.map((group) => ({
    title: group.title,
    key: group.title,
    align: 'center',
    children: group.channels.map(({ code, title, name }: ChannelColumn) => ({
      title,
      key: code,
      width: 100,
      align: 'center',
      render: (_: unknown, row: PayAppPageItem) => (
        <ChannelButton
          configured={row.channelCodes.includes(code)}
          name={name}
          onClick={() => open({ appId: row.id, code })}
        />
      ),
    })),
  }));

/** 应用信息 (menu component pay/app/index): the merchant apps, their callbacks and their channels' configuration. */
export function PayAppPage() {
  const [channel, setChannel] = useState<ChannelTarget | null>(null);
  const columns: TableColumnsType<PayAppPageItem> = [
    idColumn('应用编号'),
    textColumn('应用名', 'name', { width: 140 }),
    statusColumn<PayAppPageItem>({
      title: '开启状态',
      endpoint: payAppUpdateStatus,
      save: (row, status) => request(payAppUpdateStatus, { body: { id: row.id, status } }),
      refresh: payAppPage,
      label: (row) => `${row.name}的开启状态`,
      confirm: (word, row) => `确认要"${word}""${row.name}"应用吗?`,
      words: ['启用', '停用'],
    }),
    ...channelColumns(setChannel),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '支付应用',
    search: SEARCH,
    columns,
    emptyText: '暂无支付应用',
    scrollX: 2000,
    form: { name: 'payAppForm', width: 800, labelWidth: 160, initialValues: { status: 0 } },
    fields: (
      <>
        {textField('应用名', 'name', 64)}
        {dictField('开启状态', 'status', DICT_TYPE.COMMON_STATUS)}
        {notifyUrlField('支付结果的回调地址', 'orderNotifyUrl')}
        {notifyUrlField('退款结果的回调地址', 'refundNotifyUrl')}
        {remarkField(500, { rows: 3 })}
      </>
    ),
    dialogs: <ChannelDialog target={channel} onClose={() => setChannel(null)} />,
  });
}
