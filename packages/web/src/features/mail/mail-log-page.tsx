import { DICT_TYPE, mailLogGet, mailLogPage } from '@app/contract';
import type { MailLog } from '@app/contract';
import type { TableColumnsType } from 'antd';
import { dictColumn, idColumn, textColumn, useCrudPage } from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { MailPreview, useMailAccountOptions } from './mail-common';

const numericId = [{ pattern: /^\d*$/, message: '请输入数字编号' }];

/** 邮件记录 (menu component system/mail/log/index): every mail sent or queued, with its result. */
export function MailLogPage() {
  const accounts = useMailAccountOptions();
  const search: SearchField[] = [
    { kind: 'dateRange', name: 'sendTime', label: '发送时间' },
    { kind: 'text', name: 'userId', label: '用户编号', width: 160, rules: numericId },
    { kind: 'dict', name: 'userType', label: '用户类型', dictType: DICT_TYPE.USER_TYPE },
    { kind: 'dict', name: 'sendStatus', label: '发送状态', dictType: DICT_TYPE.SYSTEM_MAIL_SEND_STATUS },
    { kind: 'select', name: 'accountId', label: '邮箱账号', width: 200, options: accounts.options },
    { kind: 'text', name: 'templateId', label: '模板编号', width: 160, rules: numericId },
  ];

  const columns: TableColumnsType<MailLog> = [
    idColumn('编号', { width: 80 }),
    { title: '发送时间', dataIndex: 'sendTime', width: 165, align: 'center', render: formatDateTime },
    textColumn('接收邮箱', 'toMail', { width: 170 }),
    textColumn('邮件标题', 'templateTitle'),
    dictColumn('发送状态', 'sendStatus', DICT_TYPE.SYSTEM_MAIL_SEND_STATUS, { width: 100 }),
    textColumn('邮箱账号', 'fromMail', { width: 170 }),
    textColumn('模板编号', 'templateId', { width: 90, ellipsis: false }),
  ];

  return useCrudPage({
    endpoints: { page: mailLogPage, get: mailLogGet },
    entity: '邮件记录',
    search,
    columns,
    header: <DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />,
    emptyText: '暂无邮件记录',
    scrollX: 1000,
    detail: {
      title: '邮件日志详情',
      width: DIALOG_WIDTH_MEDIUM + 200,
      labelWidth: 140,
      items: (row) => [
        ['编号', row.id],
        ['创建时间', formatDateTime(row.createTime)],
        ['发送邮箱地址', row.fromMail],
        ['接收邮箱', row.toMail],
        [
          '用户',
          <>
            {row.userId ?? '无'}{' '}
            {row.userType !== null && <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />}
          </>,
        ],
        ['模板编号', row.templateId],
        ['模板编码', row.templateCode],
        ['模版发送人名称', row.templateNickname ?? '无'],
        ['邮件标题', row.templateTitle],
        ['邮件内容', <MailPreview title="邮件内容预览" html={row.templateContent} />],
        ['邮件参数', JSON.stringify(row.templateParams)],
        ['发送状态', <DictTag type={DICT_TYPE.SYSTEM_MAIL_SEND_STATUS} value={row.sendStatus} />],
        ['发送时间', formatDateTime(row.sendTime) || '无'],
        ['发送返回的消息编号', row.sendMessageId ?? '无'],
        ['发送异常', row.sendException ?? '无'],
      ],
    },
  });
}
