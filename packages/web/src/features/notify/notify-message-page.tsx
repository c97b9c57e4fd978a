import { DICT_TYPE, notifyMessagePage } from '@app/contract';
import type { NotifyMessage } from '@app/contract';
import { Tooltip } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { dateTimeColumn, dictColumn, idColumn, textColumn, useCan, useCrudPage } from '../../shared/crud';
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
  const canQuery = useCan(notifyMessagePage);

  const columns: TableColumnsType<NotifyMessage> = [
    idColumn('编号', { width: 80 }),
    dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE),
    textColumn('用户编号', 'userId', { width: 90, ellipsis: false }),
    textColumn('模板编码', 'templateCode', { width: 150 }),
    textColumn('发送人名称', 'templateNickname', { width: 120 }),
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
  ];

  return useCrudPage({
    endpoints: { page: notifyMessagePage },
    entity: '站内信',
    search: MESSAGE_SEARCH,
    listOptions: { staleTime: 0 },
    columns,
    header: <DocAlert title="站内信配置" url="https://doc.iocoder.cn/notify/" />,
    emptyText: '暂无站内信',
    scrollX: 1560,
    detail: {
      action: { label: '详情', icon: null, visible: canQuery, width: 80 },
      title: '详情',
      closeButton: false,
      items: (row) => [
        ['编号', row.id],
        ['用户类型', <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />],
        ['用户编号', row.userId],
        ['模版编号', row.templateId],
        ['模板编码', row.templateCode],
        ['发送人名称', row.templateNickname],
        ['模版内容', row.templateContent],
        ['模版参数', <Params params={row.templateParams} />],
        ['模版类型', <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={row.templateType} />],
        ['是否已读', <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={row.readStatus} />],
        ['阅读时间', formatDateTime(row.readTime)],
        ['创建时间', formatDateTime(row.createTime)],
      ],
    },
  });
}

export default NotifyMessagePage;
