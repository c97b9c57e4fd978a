import { DICT_TYPE } from '@app/contract';
import type { ApiAccessLog } from '@app/contract';
import { Space } from 'antd';
import type { FormItemProps } from 'antd';
import type { DetailItem, SearchField } from '../../shared/crud';
import { DictTag } from '../../shared/ui/dict-tag';
import { IpAddress } from '../../shared/ui/ip-address';
import { JsonText } from '../../shared/ui/json-text';

/* What the two API log pages share: the request's search fields and how its parameters read. */

const whole = (label: string): FormItemProps['rules'] => [
  { pattern: /^\s*\d*\s*$/, message: `${label}必须是非负整数` },
];

/** 用户编号, 用户类型, 应用名 and 请求地址: the first filters of both pages. */
export const REQUEST_SEARCH: SearchField[] = [
  { kind: 'text', name: 'userId', label: '用户编号', rules: whole('用户编号') },
  { kind: 'dict', name: 'userType', label: '用户类型', dictType: DICT_TYPE.USER_TYPE },
  { kind: 'text', name: 'applicationName', label: '应用名' },
  { kind: 'text', name: 'requestUrl', label: '请求地址' },
];

export const wholeNumberField = (name: string, label: string): SearchField => ({
  kind: 'text',
  name,
  label,
  rules: whole(label),
});

// Wrapped, not scrolled sideways: a long line would widen the dialog's table and squeeze its labels.
/** A request's parameters or a stack trace. */
export const TextBlock = ({ text }: { text: string | null }) => <JsonText text={text} empty="无" />;

type LoggedRequest = Pick<
  ApiAccessLog,
  | 'id'
  | 'traceId'
  | 'applicationName'
  | 'userId'
  | 'userType'
  | 'userIp'
  | 'userAgent'
  | 'requestMethod'
  | 'requestUrl'
  | 'requestParams'
>;

/** The first lines of both detail dialogs: who sent the request, and what it asked. */
export const requestItems = (row: LoggedRequest): DetailItem[] => [
  ['日志主键', row.id],
  ['链路追踪', row.traceId],
  ['应用名', row.applicationName],
  [
    '用户信息',
    <Space>
      <span>{row.userId}</span>
      <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />
    </Space>,
  ],
  ['用户 IP', <IpAddress ip={row.userIp} />],
  ['用户 UA', row.userAgent],
  ['请求信息', `${row.requestMethod} ${row.requestUrl}`],
  ['请求参数', <TextBlock text={row.requestParams} />],
];
