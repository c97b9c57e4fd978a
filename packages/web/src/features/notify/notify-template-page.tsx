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
import { Input } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  remarkField,
  requiredText,
  sendTestAction,
  statusColumn,
  statusField,
  textColumn,
  textField,
  useCan,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DocAlert } from '../../shared/ui/doc-alert';
import { NotifyTemplateSendDialog } from './notify-template-send-dialog';

const ENDPOINTS = {
  page: notifyTemplatePage,
  get: notifyTemplateGet,
  create: notifyTemplateCreate,
  update: notifyTemplateUpdate,
  delete: notifyTemplateDelete,
};

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

const NICKNAME_RULES = [
  { required: true, whitespace: true, message: '发件人姓名不能为空' },
  { max: 255, message: '发件人名称长度不能超过 255 个字符' },
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
  const [sending, setSending] = useState<NotifyTemplate | null>(null);
  const canSend = useCan(notifyTemplateSendNotify);

  const columns: TableColumnsType<NotifyTemplate> = [
    textColumn('模板编码', 'code', { width: 150 }),
    textColumn('模板名称', 'name', { width: 140 }),
    dictColumn('类型', 'type', DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE, { width: 100 }),
    textColumn('发送人名称', 'nickname', { width: 120 }),
    textColumn('模板内容', 'content', { width: 240 }),
    statusColumn<NotifyTemplate>({
      title: '开启状态',
      width: 100,
      endpoint: notifyTemplateUpdate,
      save: (row, status) => request(notifyTemplateUpdate, { body: { ...formOf(row), id: row.id, status } }),
      refresh: notifyTemplatePage,
      label: (row) => `${row.name}开启状态`,
      confirm: (word, row) => `确认要"${word}""${row.name}"模板吗?`,
      readOnlyTag: true,
    }),
    textColumn('备注', 'remark', { width: 140 }),
    dateTimeColumn(),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '站内信模板',
    search: TEMPLATE_SEARCH,
    // A test send may change what other lists show: a list shown again reloads.
    listOptions: { staleTime: 0 },
    columns: columns,
    rowActions: {
      between: (row) => [sendTestAction(() => setSending(row), canSend)],
      moreVisible: canSend,
      width: 220,
    },
    header: <DocAlert title="站内信配置" url="https://doc.iocoder.cn/notify/" />,
    emptyText: '暂无站内信模板',
    scrollX: 1300,
    form: {
      name: 'notifyTemplateForm',
      createVerb: '新增',
      labelWidth: 100,
      initialValues: { status: 0 },
      toForm: formOf,
      missing: '站内信模版不存在',
    },
    fields: (
      <>
        {textField('模版编码', 'code', 64, { ruleLabel: '模板编码' })}
        {textField('模板名称', 'name', 63, { placeholder: '请输入模版名称' })}
        {textField('发件人名称', 'nickname', undefined, { rules: NICKNAME_RULES })}
        {formItem(
          '模板内容',
          'content',
          requiredText('模板内容', 1024),
          <Input.TextArea placeholder="请输入模板内容" autoSize={{ minRows: 3, maxRows: 8 }} />,
          '参数以 {参数名} 表示，例如：您的申请【{title}】已通过',
        )}
        {dictField('类型', 'type', DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE, {
          ruleLabel: '消息类型',
          placeholder: '请选择类型',
        })}
        {statusField('开启状态')}
        {remarkField(255)}
      </>
    ),
    dialogs: <NotifyTemplateSendDialog template={sending} onClose={() => setSending(null)} />,
  });
}

export default NotifyTemplatePage;
