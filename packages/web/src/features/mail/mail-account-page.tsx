import {
  DICT_TYPE,
  mailAccountCreate,
  mailAccountDelete,
  mailAccountGet,
  mailAccountPage,
  mailAccountUpdate,
} from '@app/contract';
import type { MailAccount } from '@app/contract';
import { Form, Input, InputNumber, Radio } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  CreateButton,
  dateTimeColumn,
  FormDialog,
  ListPage,
  required,
  requiredText,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'mail', label: '邮箱' },
  { kind: 'text', name: 'username', label: '用户名' },
];

const SSL_OPTIONS = [
  { label: '是', value: true },
  { label: '否', value: false },
];

/** 邮箱账号 (menu component system/mail/account/index): the SMTP accounts mail is sent through. */
export function MailAccountPage() {
  const list = useListPage(mailAccountPage, { search: SEARCH });
  const dialog = useFormDialog();
  const actions = useEditDeleteColumn<MailAccount>({
    dialog,
    update: mailAccountUpdate,
    remove: mailAccountDelete,
    entity: '邮箱账号',
  });

  const columns: TableColumnsType<MailAccount> = [
    { title: '邮箱', dataIndex: 'mail', width: 220, ellipsis: true, align: 'center' },
    { title: '用户名', dataIndex: 'username', ellipsis: true, align: 'center' },
    { title: 'SMTP 服务器域名', dataIndex: 'host', ellipsis: true, align: 'center' },
    { title: 'SMTP 服务器端口', dataIndex: 'port', width: 140, align: 'center' },
    {
      title: '是否开启 SSL',
      dataIndex: 'sslEnable',
      width: 120,
      align: 'center',
      render: (ssl: boolean) => <DictTag type={DICT_TYPE.INFRA_BOOLEAN_STRING} value={String(ssl)} />,
    },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />}
      actions={<CreateButton endpoint={mailAccountCreate} onClick={dialog.openCreate} />}
      emptyText="暂无邮箱账号"
      scrollX={1000}
    >
      <FormDialog
        control={dialog}
        entity="邮箱账号"
        name="mail-account-form"
        get={mailAccountGet}
        create={mailAccountCreate}
        update={mailAccountUpdate}
        labelWidth={130}
        initialValues={{ port: 465, sslEnable: true }}
        // The password is stored encrypted and never shown: an empty one on update keeps it.
        toForm={(row) => ({ ...row, password: '' })}
        toBody={(values) => ({ ...values, password: values.password || null })}
      >
        {(_, updating) => (
          <>
            <Form.Item
              label="邮箱"
              name="mail"
              rules={[
                { required: true, whitespace: true, message: '邮箱不能为空' },
                { type: 'email', message: '请输入正确的邮箱地址' },
              ]}
            >
              <Input placeholder="请输入邮箱" />
            </Form.Item>
            <Form.Item label="用户名" name="username" rules={requiredText('用户名')}>
              <Input placeholder="请输入用户名" />
            </Form.Item>
            <Form.Item
              label="密码"
              name="password"
              rules={updating ? [] : [{ required: true, message: '密码不能为空' }]}
              extra={updating ? '密码已加密保存，不修改请留空' : undefined}
            >
              <Input.Password
                placeholder={updating ? '不修改请留空' : '请输入密码'}
                autoComplete="new-password"
              />
            </Form.Item>
            <Form.Item label="SMTP 服务器域名" name="host" rules={requiredText('SMTP 服务器域名')}>
              <Input placeholder="请输入 SMTP 服务器域名" />
            </Form.Item>
            <Form.Item label="SMTP 服务器端口" name="port" rules={required('SMTP 服务器端口')}>
              <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
            </Form.Item>
            <Form.Item label="是否开启 SSL" name="sslEnable" rules={required('是否开启 SSL ')}>
              <Radio.Group options={SSL_OPTIONS} />
            </Form.Item>
          </>
        )}
      </FormDialog>
    </ListPage>
  );
}
