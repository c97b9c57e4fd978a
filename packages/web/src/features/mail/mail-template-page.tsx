import { SendOutlined } from '@ant-design/icons';
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
import { Form, Input, Radio, Select } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  actionColumn,
  CreateButton,
  dateTimeColumn,
  deleteAction,
  dictColumn,
  FormDialog,
  ListPage,
  updateAction,
  useCan,
  useDeleteAction,
  useDictValueOptions,
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
  const onDelete = useDeleteAction(mailTemplateDelete, '邮件模版');
  const canUpdate = useCan(mailTemplateUpdate);
  const canSend = useCan(mailTemplateSendMail);
  const canDelete = useCan(mailTemplateDelete);
  const statusOptions = useDictValueOptions(DICT_TYPE.COMMON_STATUS);
  const openTest = async (row: MailTemplate) =>
    setTesting((await request(mailTemplateGet, { query: { id: row.id } })) ?? row);

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
    ...actionColumn<MailTemplate>(
      (row) => [
        updateAction(() => dialog.openUpdate(row.id), { visible: canUpdate }),
        {
          key: 'test',
          label: '测试',
          icon: <SendOutlined />,
          onClick: () => void openTest(row),
          visible: canSend,
        },
        deleteAction(() => onDelete(row.id), { visible: canDelete }),
      ],
      { visible: canUpdate || canSend || canDelete, width: 210, fixed: 'right' },
    ),
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
        <Form.Item
          label="模板名称"
          name="name"
          rules={[
            { required: true, whitespace: true, message: '模板名称不能为空' },
            { max: 63, message: '模板名称长度不能超过 63 个字符' },
          ]}
        >
          <Input placeholder="请输入模板名称" />
        </Form.Item>
        <Form.Item
          label="模板编码"
          name="code"
          rules={[
            { required: true, whitespace: true, message: '模板编码不能为空' },
            { max: 63, message: '模板编码长度不能超过 63 个字符' },
          ]}
        >
          <Input placeholder="请输入模板编码" />
        </Form.Item>
        <Form.Item
          label="邮箱账号"
          name="accountId"
          rules={[{ required: true, message: '邮箱账号不能为空' }]}
        >
          <Select placeholder="请选择邮箱账号" options={accounts.options} />
        </Form.Item>
        <Form.Item
          label="发送人名称"
          name="nickname"
          rules={[{ max: 255, message: '发送人名称长度不能超过 255 个字符' }]}
        >
          <Input placeholder="请输入发送人名称" />
        </Form.Item>
        <Form.Item
          label="模板标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '模板标题不能为空' },
            { max: 255, message: '模板标题长度不能超过 255 个字符' },
          ]}
        >
          <Input placeholder="请输入模板标题，参数写作 {name}" />
        </Form.Item>
        <Form.Item
          label="模板内容"
          name="content"
          extra="支持 HTML；参数写作 {name}，发送时替换"
          rules={[
            { required: true, whitespace: true, message: '模板内容不能为空' },
            { max: 10240, message: '模板内容长度不能超过 10240 个字符' },
          ]}
        >
          <Input.TextArea placeholder="请输入模板内容" rows={6} />
        </Form.Item>
        <Form.Item label="开启状态" name="status" rules={[{ required: true, message: '开启状态不能为空' }]}>
          <Radio.Group options={statusOptions} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过 500 个字符' }]}>
          <Input.TextArea placeholder="请输入备注" rows={2} />
        </Form.Item>
      </FormDialog>

      <MailSendDialog template={testing} onClose={() => setTesting(null)} />
    </ListPage>
  );
}
