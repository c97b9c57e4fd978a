import { DICT_TYPE, loginLogExport, loginLogPage } from '@app/contract';
import type { LoginLog } from '@app/contract';
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

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'userIp', label: '登录地址' },
  { kind: 'text', name: 'username', label: '用户名称' },
  {
    kind: 'select',
    name: 'status',
    label: '状态',
    placeholder: '结果',
    options: [
      { label: '成功', value: 'true' },
      { label: '失败', value: 'false' },
    ],
  },
  { kind: 'dateRange', name: 'createTime', label: '登录时间' },
];

/** 登录日志 (menu component system/loginlog/index): sign-in attempts and sign-outs of the tenant. */
export function LoginLogPage() {
  const list = useListPage(loginLogPage, { search: SEARCH });
  const detail = useDetailDialog<LoginLog>();

  const columns: TableColumnsType<LoginLog> = [
    { title: '日志编号', dataIndex: 'id', width: 90, align: 'center' },
    dictColumn('日志类型', 'logType', DICT_TYPE.SYSTEM_LOGIN_TYPE, { width: 110 }),
    { title: '用户名称', dataIndex: 'username', width: 130, ellipsis: true, align: 'center' },
    { title: '登录地址', dataIndex: 'userIp', width: 140, ellipsis: true, align: 'center' },
    { title: '浏览器', dataIndex: 'userAgent', ellipsis: true, align: 'center' },
    dictColumn('登录结果', 'result', DICT_TYPE.SYSTEM_LOGIN_RESULT, { width: 150 }),
    dateTimeColumn('登录日期', 'createTime'),
    ...actionColumn<LoginLog>((row) => [detailAction(() => detail.open(row))], { width: 90, fixed: 'right' }),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />}
      actions={
        <ExportButton
          endpoint={loginLogExport}
          query={list.filter}
          entity="登录日志"
          fileName="登录日志.xlsx"
        />
      }
      emptyText="暂无登录日志"
      scrollX={1100}
    >
      <DetailDialog
        control={detail}
        title="登录日志详细"
        labelWidth={110}
        items={(row) => [
          { label: '日志编号', value: row.id },
          { label: '日志类型', value: <DictTag type={DICT_TYPE.SYSTEM_LOGIN_TYPE} value={row.logType} /> },
          { label: '用户名称', value: row.username },
          { label: '用户编号', value: row.userId || '无（账号不存在）' },
          { label: '用户类型', value: <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} /> },
          { label: '登录地址', value: row.userIp },
          { label: '浏览器', value: row.userAgent },
          { label: '登录结果', value: <DictTag type={DICT_TYPE.SYSTEM_LOGIN_RESULT} value={row.result} /> },
          { label: '登录日期', value: formatDateTime(row.createTime) },
          !!row.traceId && { label: '链路追踪', value: row.traceId },
        ]}
      />
    </ListPage>
  );
}
