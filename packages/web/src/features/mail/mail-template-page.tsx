import {
  DICT_TYPE,
  mailTemplateCreate,
  mailTemplateDelete,
  mailTemplateGet,
  mailTemplatePage,
  mailTemplateSendMail,
  mailTemplateUpdate,
} from '@app/contract';
import type { MailTemplate } from '@app/contract';
import { Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  dateTimeColumn,
  dictColumn,
  formItem,
  remarkField,
  required,
  sendTestAction,
  statusField,
  textColumn,
  textField,
  useCan,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { useMailAccountOptions } from './mail-common';
import { MailSendDialog } from './mail-send-dialog';

const ENDPOINTS = {
  page: mailTemplatePage,
  get: mailTemplateGet,
  create: mailTemplateCreate,
  update: mailTemplateUpdate,
  delete: mailTemplateDelete,
};

/** 邮件模版 (menu component system/mail/template/index), with the 测试 send dialog. */
export function MailTemplatePage() {
  const accounts = useMailAccountOptions();
  const search: SearchField[] = [
    { kind: 'text', name: 'code', label: '模板编码' },
    { kind: 'text', name: 'name', label: '模板名称' },
    { kind: 'select', name: 'accountId', label: '邮箱账号', width: 200, options: accounts.options },
    { kind: 'dict', name: 'status', label: '开启状态', dictType: DICT_TYPE.COMMON_STATUS },
    { kind: 'dateRange', name: 'createTime', label: '创建时间' },
  ];
  const [testing, setTesting] = useState<MailTemplate | null>(null);
  const canSend = useCan(mailTemplateSendMail);
  const openTest = async (row: MailTemplate) =>
    setTesting((await request(mailTemplateGet, { query: { id: row.id } })) ?? row);

  const columns: TableColumnsType<MailTemplate> = [
    textColumn('模板编码', 'code', { width: 130 }),
    textColumn('模板名称', 'name', { width: 130 }),
    textColumn('模板标题', 'title', { width: 160 }),
    textColumn('模板内容', 'content', { width: 200 }),
    textColumn('邮箱账号', 'accountId', { width: 200, render: (id: number) => accounts.mailOf(id) }),
    textColumn('发送人名称', 'nickname', { width: 120, render: (v: string | null) => v ?? '' }),
    dictColumn('开启状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '邮件模版',
    search: search,
    columns: columns,
    rowActions: {
      between: (row) => [sendTestAction(() => void openTest(row), canSend)],
      moreVisible: canSend,
      width: 210,
    },
    header: <DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />,
    emptyText: '暂无邮件模版',
    scrollX: 1400,
    form: {
      name: 'mail-template-form',
      labelWidth: 100,
      initialValues: { status: 0 },
      toForm: (row) => ({ ...row, status: row.status === 1 ? 1 : 0 }),
    },
    fields: (
      <>
        {textField('模板名称', 'name', 63)}
        {textField('模板编码', 'code', 63)}
        {formItem(
          '邮箱账号',
          'accountId',
          required('邮箱账号'),
          <Select placeholder="请选择邮箱账号" options={accounts.options} />,
        )}
        {textField('发送人名称', 'nickname', 255, { optional: true })}
        {textField('模板标题', 'title', 255, { placeholder: '请输入模板标题，参数写作 {name}' })}
        {textField('模板内容', 'content', 10240, {
          rows: 6,
          extra: '支持 HTML；参数写作 {name}，发送时替换',
        })}
        {statusField('开启状态')}
        {remarkField(500, { rows: 2, placeholder: '请输入备注' })}
      </>
    ),
    dialogs: <MailSendDialog template={testing} onClose={() => setTesting(null)} />,
  });
}
