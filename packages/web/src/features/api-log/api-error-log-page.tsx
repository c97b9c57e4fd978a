import {
  API_ERROR_LOG_PROCESS_STATUS,
  apiErrorLogExportExcel,
  apiErrorLogPage,
  apiErrorLogUpdateStatus,
  DICT_TYPE,
} from '@app/contract';
import type { ApiErrorLog } from '@app/contract';
import { CheckOutlined, StopOutlined } from '@ant-design/icons';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  idColumn,
  textColumn,
  useCan,
  useConfirmedCall,
  useCrudPage,
  useDetailDialog,
} from '../../shared/crud';
import type { RowAction, SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { REQUEST_SEARCH, requestItems, TextBlock } from './shared';

const STATUS = DICT_TYPE.INFRA_API_ERROR_LOG_PROCESS_STATUS;

const SEARCH: SearchField[] = [
  ...REQUEST_SEARCH,
  { kind: 'dateRange', name: 'exceptionTime', label: '异常时间' },
  { kind: 'dict', name: 'processStatus', label: '处理状态', dictType: STATUS },
];

const PROCESS_ACTIONS = [
  { status: API_ERROR_LOG_PROCESS_STATUS.DONE, label: '已处理', icon: <CheckOutlined /> },
  { status: API_ERROR_LOG_PROCESS_STATUS.IGNORE, label: '已忽略', icon: <StopOutlined /> },
] as const;

/** 错误日志 (menu component infra/apiErrorLog/index): requests that failed with an unexpected error. */
export function ApiErrorLogPage() {
  const details = useDetailDialog<ApiErrorLog>();
  const canProcess = useCan(apiErrorLogUpdateStatus);
  const confirmedCall = useConfirmedCall();

  /** 详细, and while 未处理 the 已处理 / 已忽略 marks. */
  const actions = (row: ApiErrorLog): RowAction[] => [
    detailAction(() => details.open(row)),
    ...PROCESS_ACTIONS.map(({ status, label, icon }) => ({
      key: `process-${status}`,
      label,
      icon,
      visible: canProcess && row.processStatus === API_ERROR_LOG_PROCESS_STATUS.INIT,
      onClick: () =>
        void confirmedCall({
          content: `确认标记为${label}?`,
          endpoint: apiErrorLogUpdateStatus,
          options: { query: { id: row.id, processStatus: String(status) as '1' | '2' } },
          success: '修改成功',
        }),
    })),
  ];

  const columns: TableColumnsType<ApiErrorLog> = [
    idColumn('编号', { width: 70 }),
    textColumn('用户编号', 'userId', { width: 90 }),
    dictColumn('用户类型', 'userType', DICT_TYPE.USER_TYPE),
    textColumn('应用名', 'applicationName', { width: 150 }),
    textColumn('请求方法', 'requestMethod', { width: 90 }),
    textColumn('请求地址', 'requestUrl', { width: 220 }),
    dateTimeColumn('异常发生时间', 'exceptionTime'),
    textColumn('异常名', 'exceptionName', { width: 140 }),
    dictColumn('处理状态', 'processStatus', STATUS, { width: 100 }),
  ];

  return useCrudPage({
    endpoints: { page: apiErrorLogPage, export: apiErrorLogExportExcel },
    entity: 'API 错误日志',
    search: SEARCH,
    columns,
    header: <DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />,
    exportAs: { fileName: 'API 错误日志.xlsx' },
    emptyText: '暂无错误日志',
    scrollX: 1400,
    rowActions: { first: actions, moreVisible: true, width: 230 },
    dialogs: (
      <DetailDialog
        control={details}
        title="错误日志详细"
        labelWidth={120}
        width={900}
        items={(row) => [
          ...requestItems(row),
          ['异常时间', formatDateTime(row.exceptionTime)],
          ['异常名', row.exceptionName],
          ['异常消息', row.exceptionMessage || '无'],
          ['异常根因', row.exceptionRootCauseMessage || '无'],
          [
            '异常位置',
            row.exceptionFileName
              ? `${row.exceptionFileName}:${row.exceptionLineNumber}（${row.exceptionMethodName || '匿名函数'}）`
              : '无',
          ],
          ['异常堆栈', <TextBlock text={row.exceptionStackTrace} />],
          ['处理状态', <DictTag type={STATUS} value={row.processStatus} />],
          row.processUserId !== null && ['处理人', row.processUserId],
          row.processTime !== null && ['处理时间', formatDateTime(row.processTime)],
        ]}
      />
    ),
  });
}
