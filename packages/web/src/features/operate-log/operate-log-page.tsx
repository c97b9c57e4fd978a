import { DICT_TYPE, operateLogExport, operateLogPage } from '@app/contract';
import type { OperateLog } from '@app/contract';
import { Space, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  actionColumn,
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  ExportButton,
  ListPage,
  useDetailDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { TABLE_MAX_HEIGHT } from '../../shared/ui/sizes';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'module', label: '系统模块' },
  { kind: 'text', name: 'userNickname', label: '操作人员' },
  {
    kind: 'dict',
    name: 'type',
    label: '类型',
    dictType: DICT_TYPE.SYSTEM_OPERATE_TYPE,
    placeholder: '操作类型',
  },
  {
    kind: 'select',
    name: 'success',
    label: '状态',
    placeholder: '操作状态',
    options: [
      { label: '成功', value: 'true' },
      { label: '失败', value: 'false' },
    ],
  },
  { kind: 'dateRange', name: 'startTime', label: '操作时间' },
];

/** JSON text indented for reading; other text as it is; '无' for nothing. */
const pretty = (text: string | null): string => {
  if (!text) return '无';
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
};

const JSON_STYLE = { margin: 0, maxHeight: TABLE_MAX_HEIGHT, overflow: 'auto', fontSize: 12 } as const;
const JsonBlock = ({ text }: { text: string | null }) => <pre style={JSON_STYLE}>{pretty(text)}</pre>;

const ResultTag = ({ code }: { code: number }) =>
  code === 0 ? <Tag color="success">成功</Tag> : <Tag color="error">失败</Tag>;

/** 操作日志 (menu component system/operatelog/index): every write through the API, recorded by the server. */
export function OperateLogPage() {
  const list = useListPage(operateLogPage, { search: SEARCH });
  const detail = useDetailDialog<OperateLog>();

  const columns: TableColumnsType<OperateLog> = [
    { title: '日志编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '操作模块', dataIndex: 'module', width: 120, ellipsis: true, align: 'center' },
    { title: '操作名', dataIndex: 'name', ellipsis: true, align: 'center' },
    dictColumn('操作类型', 'type', DICT_TYPE.SYSTEM_OPERATE_TYPE, { width: 100 }),
    {
      title: '操作人',
      dataIndex: 'userNickname',
      width: 120,
      ellipsis: true,
      align: 'center',
      render: (value: string | null) => value ?? '',
    },
    {
      title: '操作结果',
      dataIndex: 'resultCode',
      width: 100,
      align: 'center',
      render: (code: number) => <ResultTag code={code} />,
    },
    dateTimeColumn('操作日期', 'startTime'),
    {
      title: '执行时长',
      dataIndex: 'duration',
      width: 100,
      align: 'center',
      render: (value: number) => `${value} ms`,
    },
    ...actionColumn<OperateLog>((row) => [detailAction(() => detail.open(row))], {
      width: 90,
      fixed: 'right',
    }),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />}
      actions={
        <ExportButton
          endpoint={operateLogExport}
          query={list.filter}
          entity="操作日志"
          fileName="操作日志.xlsx"
        />
      }
      emptyText="暂无操作日志"
      scrollX={1100}
    >
      <DetailDialog
        control={detail}
        title="操作日志详细"
        labelWidth={100}
        items={(row) => [
          { label: '日志编号', value: row.id },
          { label: '链路追踪', value: row.traceId },
          { label: '操作人', value: `${row.userNickname ?? '（用户已不存在）'}（编号 ${row.userId}）` },
          { label: '用户类型', value: <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} /> },
          { label: '用户 IP', value: row.userIp },
          { label: '浏览器', value: row.userAgent },
          { label: '操作模块', value: row.module },
          { label: '操作名', value: row.name },
          { label: '操作类型', value: <DictTag type={DICT_TYPE.SYSTEM_OPERATE_TYPE} value={row.type} /> },
          { label: '操作明细', value: row.content || '无' },
          { label: '拓展字段', value: <JsonBlock text={row.exts ? JSON.stringify(row.exts) : null} /> },
          { label: '请求信息', value: `${row.requestMethod} ${row.requestUrl}` },
          { label: '方法名', value: row.javaMethod },
          { label: '请求参数', value: <JsonBlock text={row.javaMethodArgs} /> },
          { label: '操作时间', value: formatDateTime(row.startTime) },
          { label: '执行时长', value: `${row.duration} ms` },
          {
            label: '操作结果',
            value: (
              <Space>
                <ResultTag code={row.resultCode} />
                <span>结果码 {row.resultCode}</span>
              </Space>
            ),
          },
          { label: '结果提示', value: row.resultMsg || '无' },
          { label: '结果数据', value: <JsonBlock text={row.resultData} /> },
        ]}
      />
    </ListPage>
  );
}
