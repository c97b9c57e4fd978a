import {
  DICT_TYPE,
  mailAccountCreate,
  mailAccountDelete,
  mailAccountGet,
  mailAccountPage,
  mailAccountUpdate,
} from '@app/contract';
import type { MailAccount } from '@app/contract';
import { InputNumber, Radio } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  dateTimeColumn,
  formItem,
  required,
  secretField,
  textColumn,
  textField,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';

const ENDPOINTS = {
  page: mailAccountPage,
  get: mailAccountGet,
  create: mailAccountCreate,
  update: mailAccountUpdate,
  delete: mailAccountDelete,
};

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'mail', label: '邮箱' },
  { kind: 'text', name: 'username', label: '用户名' },
];

const SSL_OPTIONS = [
  { label: '是', value: true },
  { label: '否', value: false },
];

const COLUMNS: TableColumnsType<MailAccount> = [
  textColumn('邮箱', 'mail', { width: 220 }),
  textColumn('用户名', 'username'),
  textColumn('SMTP 服务器域名', 'host'),
  textColumn('SMTP 服务器端口', 'port', { width: 140, ellipsis: false }),
  {
    title: '是否开启 SSL',
    dataIndex: 'sslEnable',
    width: 120,
    align: 'center',
    render: (ssl: boolean) => <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={String(ssl)} />,
  },
  dateTimeColumn(),
];

const EMAIL_RULES = [
  { required: true, whitespace: true, message: '邮箱不能为空' },
  { type: 'email' as const, message: '请输入正确的邮箱地址' },
];

/** 邮箱账号 (menu component system/mail/account/index): the SMTP accounts mail is sent through. */
export function MailAccountPage() {
  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '邮箱账号',
    search: SEARCH,
    columns: COLUMNS,
    header: <DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />,
    emptyText: '暂无邮箱账号',
    scrollX: 1000,
    form: {
      name: 'mail-account-form',
      labelWidth: 130,
      initialValues: { port: 465, sslEnable: true },
      // The password is stored encrypted and never shown: an empty one on update keeps it.
      toForm: (row) => ({ ...row, password: '' }),
      toBody: (values) => ({ ...values, password: values.password || null }),
    },
    fields: (_, updating) => (
      <>
        {textField('邮箱', 'mail', undefined, { rules: EMAIL_RULES })}
        {textField('用户名', 'username')}
        {secretField('密码', 'password', updating, '密码')}
        {textField('SMTP 服务器域名', 'host')}
        {formItem(
          'SMTP 服务器端口',
          'port',
          required('SMTP 服务器端口'),
          <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />,
        )}
        {formItem(
          '是否开启 SSL',
          'sslEnable',
          required('是否开启 SSL '),
          <Radio.Group options={SSL_OPTIONS} />,
        )}
      </>
    ),
  });
}
