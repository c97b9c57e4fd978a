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
import { Form, Input, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  FormDialog,
  ListPage,
  maxLength,
  required,
  requiredText,
  sendTestAction,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { useMailAccountOptions } from './mail-common';
import { MailSendDialog } from './mail-send-dialog';

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
  const list = useListPage(mailTemplatePage, { search });
  const dialog = useFormDialog();
  const [testing, setTesting] = useState<MailTemplate | null>(null);
  const canSend = useCan(mailTemplateSendMail);
  const openTest = async (row: MailTemplate) =>
    setTesting((await request(mailTemplateGet, { query: { id: row.id } })) ?? row);
  const actions = useEditDeleteColumn<MailTemplate>({
    dialog,
    update: mailTemplateUpdate,
    remove: mailTemplateDelete,
    entity: '邮件模版',
    between: (row) => [sendTestAction(() => void openTest(row), canSend)],
    moreVisible: canSend,
    width: 210,
    fixed: 'right',
  });

  const columns: TableColumnsType<MailTemplate> = [
    { title: '模板编码', dataIndex: 'code', width: 130, ellipsis: true, align: 'center' },
    { title: '模板名称', dataIndex: 'name', width: 130, ellipsis: true, align: 'center' },
    { title: '模板标题', dataIndex: 'title', width: 160, ellipsis: true, align: 'center' },
    { title: '模板内容', dataIndex: 'content', width: 200, ellipsis: true, align: 'center' },
    {
      title: '邮箱账号',
      dataIndex: 'accountId',
      width: 200,
      ellipsis: true,
      align: 'center',
      render: (id: number) => accounts.mailOf(id),
    },
    {
      title: '发送人名称',
      dataIndex: 'nickname',
      width: 120,
      ellipsis: true,
      align: 'center',
      render: (v: string | null) => v ?? '',
    },
    dictColumn('开启状态', 'status', DICT_TYPE.COMMON_STATUS),
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />}
      actions={<CreateButton endpoint={mailTemplateCreate} onClick={dialog.openCreate} />}
      emptyText="暂无邮件模版"
      scrollX={1400}
    >
      <FormDialog
        control={dialog}
        entity="邮件模版"
        name="mail-template-form"
        get={mailTemplateGet}
        create={mailTemplateCreate}
        update={mailTemplateUpdate}
        labelWidth={100}
        initialValues={{ status: 0 }}
        toForm={(row) => ({ ...row, status: row?.status === 1 ? 1 : 0 })}
      >
        <Form.Item label="模板名称" name="name" rules={requiredText('模板名称', 63)}>
          <Input placeholder="请输入模板名称" />
        </Form.Item>
        <Form.Item label="模板编码" name="code" rules={requiredText('模板编码', 63)}>
          <Input placeholder="请输入模板编码" />
        </Form.Item>
        <Form.Item label="邮箱账号" name="accountId" rules={required('邮箱账号')}>
          <Select placeholder="请选择邮箱账号" options={accounts.options} />
        </Form.Item>
        <Form.Item label="发送人名称" name="nickname" rules={maxLength('发送人名称', 255)}>
          <Input placeholder="请输入发送人名称" />
        </Form.Item>
        <Form.Item label="模板标题" name="title" rules={requiredText('模板标题', 255)}>
          <Input placeholder="请输入模板标题，参数写作 {name}" />
        </Form.Item>
        <Form.Item
          label="模板内容"
          name="content"
          extra="支持 HTML；参数写作 {name}，发送时替换"
          rules={requiredText('模板内容', 10240)}
        >
          <Input.TextArea placeholder="请输入模板内容" rows={6} />
        </Form.Item>
        <Form.Item label="开启状态" name="status" rules={required('开启状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={maxLength('备注', 500)}>
          <Input.TextArea placeholder="请输入备注" rows={2} />
        </Form.Item>
      </FormDialog>

      <MailSendDialog template={testing} onClose={() => setTesting(null)} />
    </ListPage>
  );
}
