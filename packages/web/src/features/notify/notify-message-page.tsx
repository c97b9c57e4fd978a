import { DICT_TYPE, notifyMessagePage } from '@app/contract';
import type { NotifyMessage } from '@app/contract';
import { Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import {
  actionColumn,
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  ListPage,
  useCan,
  useDetailDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';

export const MESSAGE_SEARCH: SearchField[] = [
  {
    kind: 'text',
    name: 'userId',
    label: '用户编号',
    width: 180,
    rules: [{ pattern: /^\s*\d*\s*$/, message: '用户编号必须是数字' }],
  },
  { kind: 'dict', name: 'userType', label: '用户类型', dictType: DICT_TYPE.USER_TYPE },
  { kind: 'text', name: 'templateCode', label: '模板编码', width: 180 },
  { kind: 'dict', name: 'templateType', label: '模版类型', dictType: DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

const PARAMS_STYLE = { fontFamily: 'var(--ant-font-family-code, monospace)', fontSize: 12 } as const;
const Params = ({ params }: { params: Record<string, unknown> }) => (
  <span style={PARAMS_STYLE}>{JSON.stringify(params)}</span>
);

/** Long text cut to the cell, whole in a tooltip. */
const tooltipCell = (text: string, shown: ReactNode = text) => (
  <Tooltip title={text} placement="topLeft">
    <span>{shown}</span>
  </Tooltip>
);

/**
 * 站内信消息 (menu component system/notify/message/index): every in-site message of the tenant's
 * users, with filters and a detail dialog. Read-only.
 */
export function NotifyMessagePage() {
  // Messages arrive from every module: a list shown again reloads.
  const list = useListPage(notifyMessagePage, { search: MESSAGE_SEARCH, staleTime: 0 });
  const detail = useDetailDialog<NotifyMessage>();
  const canQuery = useCan(notifyMessagePage);

  const columns: TableColumnsType<NotifyMessage> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE),
    { title: '用户编号', dataIndex: 'userId', width: 90, align: 'center' },
    { title: '模板编码', dataIndex: 'templateCode', width: 150, ellipsis: true, align: 'center' },
    { title: '发送人名称', dataIndex: 'templateNickname', width: 120, ellipsis: true, align: 'center' },
    {
      title: '模版内容',
      dataIndex: 'templateContent',
      width: 240,
      ellipsis: { showTitle: false },
      render: (v: string) => tooltipCell(v),
    },
    {
      title: '模版参数',
      dataIndex: 'templateParams',
      width: 180,
      ellipsis: { showTitle: false },
      render: (v: Record<string, unknown>) => tooltipCell(JSON.stringify(v), <Params params={v} />),
    },
    dictColumn('模版类型', 'templateType', DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE, { width: 100 }),
    dictColumn('是否已读', 'readStatus', DICT_TYPE.INFRA_BOOLEAN_STRING),
    dateTimeColumn('阅读时间', 'readTime'),
    dateTimeColumn(),
    ...actionColumn<NotifyMessage>(
      (row) => [detailAction(() => detail.open(row), { label: '详情', icon: null })],
      {
        visible: canQuery,
        width: 80,
        fixed: 'right',
      },
    ),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="站内信配置" url="https://doc.iocoder.cn/notify/" />}
      emptyText="暂无站内信"
      scrollX={1560}
    >
      <DetailDialog
        control={detail}
        title="详情"
        closeButton={false}
        items={(row) => [
          { label: '编号', value: row.id },
          { label: '用户类型', value: <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} /> },
          { label: '用户编号', value: row.userId },
          { label: '模版编号', value: row.templateId },
          { label: '模板编码', value: row.templateCode },
          { label: '发送人名称', value: row.templateNickname },
          { label: '模版内容', value: row.templateContent },
          { label: '模版参数', value: <Params params={row.templateParams} /> },
          {
            label: '模版类型',
            value: <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={row.templateType} />,
          },
          {
            label: '是否已读',
            value: <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={row.readStatus} />,
          },
          { label: '阅读时间', value: formatDateTime(row.readTime) },
          { label: '创建时间', value: formatDateTime(row.createTime) },
        ]}
      />
    </ListPage>
  );
}

export default NotifyMessagePage;
