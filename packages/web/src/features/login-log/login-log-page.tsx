import { DICT_TYPE, loginLogExport, loginLogPage } from '@app/contract';
import type { LoginLog } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { dateTimeColumn, dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { IpAddress } from '../../shared/ui/ip-address';

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
  const columns: TableColumnsType<LoginLog> = [
    idColumn('日志编号'),
    dictColumn('日志类型', 'logType', DICT_TYPE.SYSTEM_LOGIN_TYPE, { width: 110 }),
    textColumn('用户名称', 'username', { width: 130 }),
    textColumn('登录地址', 'userIp', { width: 220, render: (ip: string) => <IpAddress ip={ip} /> }),
    textColumn('浏览器', 'userAgent'),
    dictColumn('登录结果', 'result', DICT_TYPE.SYSTEM_LOGIN_RESULT, { width: 150 }),
    dateTimeColumn('登录日期', 'createTime'),
  ];

  return useCrudPage({
    endpoints: { page: loginLogPage, export: loginLogExport },
    entity: '登录日志',
    search: SEARCH,
    columns,
    header: <DocAlert title="系统日志" url="https://doc.iocoder.cn/system-log/" />,
    exportAs: { fileName: '登录日志.xlsx' },
    emptyText: '暂无登录日志',
    scrollX: 1100,
    detail: {
      title: '登录日志详细',
      labelWidth: 110,
      items: (row) => [
        ['日志编号', row.id],
        ['日志类型', <DictTag type={DICT_TYPE.SYSTEM_LOGIN_TYPE} value={row.logType} />],
        ['用户名称', row.username],
        ['用户编号', row.userId || '无（账号不存在）'],
        ['用户类型', <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />],
        ['登录地址', <IpAddress ip={row.userIp} />],
        ['浏览器', row.userAgent],
        ['登录结果', <DictTag type={DICT_TYPE.SYSTEM_LOGIN_RESULT} value={row.result} />],
        ['登录日期', formatDateTime(row.createTime)],
        !!row.traceId && ['链路追踪', row.traceId],
      ],
    },
  });
}
