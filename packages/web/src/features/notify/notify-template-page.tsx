import {
  DICT_TYPE,
  notifyTemplateCreate,
  notifyTemplateDelete,
  notifyTemplateGet,
  notifyTemplatePage,
  notifyTemplateSendNotify,
  notifyTemplateUpdate,
} from '@app/contract';
import type { NotifyTemplate } from '@app/contract';
import { App, Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictRadio,
  DictSelect,
  FormDialog,
  ListPage,
  maxLength,
  required,
  requiredText,
  sendTestAction,
  StatusSwitch,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { NotifyTemplateSendDialog } from './notify-template-send-dialog';

export const TEMPLATE_SEARCH: SearchField[] = [
  { kind: 'text', name: 'name', label: '模板名称' },
  { kind: 'text', name: 'code', label: '模板编号', placeholder: '请输入模版编码' },
  {
    kind: 'dict',
    name: 'status',
    label: '状态',
    dictType: DICT_TYPE.COMMON_STATUS,
    placeholder: '请选择开启状态',
  },
  { kind: 'dateRange', name: 'createTime', label: '创建时间' },
];

/** The editable fields of a template, as update takes them. */
const formOf = (t: NotifyTemplate) => ({
  code: t.code,
  name: t.name,
  nickname: t.nickname,
  content: t.content,
  type: t.type,
  status: t.status === 1 ? 1 : 0,
  remark: t.remark,
});

/**
 * 站内信模板 (menu component system/notify/template/index): the global in-site message templates,
 * with create, edit, delete, a status switch and 测试 (send one to a chosen user).
 */
export function NotifyTemplatePage() {
  const { message } = App.useApp();
  // A test send may change what other lists show: a list shown again reloads.
  const list = useListPage(notifyTemplatePage, { search: TEMPLATE_SEARCH, staleTime: 0 });
  const dialog = useFormDialog();
  const [sending, setSending] = useState<NotifyTemplate | null>(null);
  const canUpdate = useCan(notifyTemplateUpdate);
  const canSend = useCan(notifyTemplateSendNotify);
  const actions = useEditDeleteColumn<NotifyTemplate>({
    dialog,
    update: notifyTemplateUpdate,
    remove: notifyTemplateDelete,
    entity: '站内信模板',
    between: (row) => [sendTestAction(() => setSending(row), canSend)],
    moreVisible: canSend,
    width: 220,
    fixed: 'right',
  });

  const columns: TableColumnsType<NotifyTemplate> = [
    { title: '模板编码', dataIndex: 'code', width: 150, ellipsis: true, align: 'center' },
    { title: '模板名称', dataIndex: 'name', width: 140, ellipsis: true, align: 'center' },
    dictColumn('类型', 'type', DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE, { width: 100 }),
    { title: '发送人名称', dataIndex: 'nickname', width: 120, ellipsis: true, align: 'center' },
    { title: '模板内容', dataIndex: 'content', width: 240, ellipsis: true, align: 'center' },
    {
      title: '开启状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, row) =>
        canUpdate ? (
          <StatusSwitch
            status={status}
            label={`${row.name}开启状态`}
            confirm={(word) => `确认要"${word}""${row.name}"模板吗?`}
            save={(next) =>
              request(notifyTemplateUpdate, { body: { ...formOf(row), id: row.id, status: next } })
            }
            refresh={notifyTemplatePage}
          />
        ) : (
          <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />
        ),
    },
    { title: '备注', dataIndex: 'remark', width: 140, ellipsis: true, align: 'center' },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="站内信配置" url="https://doc.iocoder.cn/notify/" />}
      actions={<CreateButton endpoint={notifyTemplateCreate} onClick={dialog.openCreate} />}
      emptyText="暂无站内信模板"
      scrollX={1300}
    >
      <FormDialog
        control={dialog}
        entity="站内信模板"
        createVerb="新增"
        name="notifyTemplateForm"
        get={notifyTemplateGet}
        create={notifyTemplateCreate}
        update={notifyTemplateUpdate}
        labelWidth={100}
        initialValues={{ status: 0 }}
        toForm={(row) => {
          // Deleted meanwhile: say so, close the dialog and show the list as it is now.
          if (!row) {
            void message.error('站内信模版不存在');
            list.refresh();
            throw new Error('站内信模版不存在');
          }
          return formOf(row);
        }}
      >
        <Form.Item label="模版编码" name="code" rules={requiredText('模板编码', 64)}>
          <Input placeholder="请输入模版编码" />
        </Form.Item>
        <Form.Item label="模板名称" name="name" rules={requiredText('模板名称', 63)}>
          <Input placeholder="请输入模版名称" />
        </Form.Item>
        <Form.Item
          label="发件人名称"
          name="nickname"
          rules={[
            { required: true, whitespace: true, message: '发件人姓名不能为空' },
            { max: 255, message: '发件人名称长度不能超过 255 个字符' },
          ]}
        >
          <Input placeholder="请输入发件人名称" />
        </Form.Item>
        <Form.Item
          label="模板内容"
          name="content"
          extra="参数以 {参数名} 表示，例如：您的申请【{title}】已通过"
          rules={requiredText('模板内容', 1024)}
        >
          <Input.TextArea placeholder="请输入模板内容" autoSize={{ minRows: 3, maxRows: 8 }} />
        </Form.Item>
        <Form.Item label="类型" name="type" rules={required('消息类型')}>
          <DictSelect placeholder="请选择类型" dictType={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} />
        </Form.Item>
        <Form.Item label="开启状态" name="status" rules={required('开启状态')}>
          <DictRadio dictType={DICT_TYPE.COMMON_STATUS} />
        </Form.Item>
        <Form.Item label="备注" name="remark" rules={maxLength('备注', 255)}>
          <Input placeholder="请输入备注" />
        </Form.Item>
      </FormDialog>

      <NotifyTemplateSendDialog template={sending} onClose={() => setSending(null)} />
    </ListPage>
  );
}

export default NotifyTemplatePage;
