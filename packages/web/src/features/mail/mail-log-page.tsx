import { DICT_TYPE, mailLogGet, mailLogPage } from '@app/contract';
import type { MailLog } from '@app/contract';
import type { TableColumnsType } from 'antd';
import {
  actionColumn,
  detailAction,
  DetailDialog,
  dictColumn,
  ListPage,
  useDetailDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
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
  const list = useListPage(mailLogPage, { search });
  const detail = useDetailDialog<MailLog>();
  // The row may be stale (a queued mail is sent in the background): show the log as it is now.
  const openDetail = async (row: MailLog) =>
    detail.open((await request(mailLogGet, { query: { id: row.id } })) ?? row);

  const columns: TableColumnsType<MailLog> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    { title: '发送时间', dataIndex: 'sendTime', width: 165, align: 'center', render: formatDateTime },
    { title: '接收邮箱', dataIndex: 'toMail', width: 170, ellipsis: true, align: 'center' },
    { title: '邮件标题', dataIndex: 'templateTitle', ellipsis: true, align: 'center' },
    dictColumn('发送状态', 'sendStatus', DICT_TYPE.SYSTEM_MAIL_SEND_STATUS, { width: 100 }),
    { title: '邮箱账号', dataIndex: 'fromMail', width: 170, ellipsis: true, align: 'center' },
    { title: '模板编号', dataIndex: 'templateId', width: 90, align: 'center' },
    ...actionColumn<MailLog>((row) => [detailAction(() => void openDetail(row))], {
      width: 90,
      fixed: 'right',
    }),
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      header={<DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />}
      emptyText="暂无邮件记录"
      scrollX={1000}
    >
      <DetailDialog
        control={detail}
        title="邮件日志详情"
        width={DIALOG_WIDTH_MEDIUM + 200}
        labelWidth={140}
        items={(row) => [
          { label: '编号', value: row.id },
          { label: '创建时间', value: formatDateTime(row.createTime) },
          { label: '发送邮箱地址', value: row.fromMail },
          { label: '接收邮箱', value: row.toMail },
          {
            label: '用户',
            value: (
              <>
                {row.userId ?? '无'}{' '}
                {row.userType !== null && <DictTag type={DICT_TYPE.USER_TYPE} value={row.userType} />}
              </>
            ),
          },
          { label: '模板编号', value: row.templateId },
          { label: '模板编码', value: row.templateCode },
          { label: '模版发送人名称', value: row.templateNickname ?? '无' },
          { label: '邮件标题', value: row.templateTitle },
          { label: '邮件内容', value: <MailPreview title="邮件内容预览" html={row.templateContent} /> },
          { label: '邮件参数', value: JSON.stringify(row.templateParams) },
          {
            label: '发送状态',
            value: <DictTag type={DICT_TYPE.SYSTEM_MAIL_SEND_STATUS} value={row.sendStatus} />,
          },
          { label: '发送时间', value: formatDateTime(row.sendTime) || '无' },
          { label: '发送返回的消息编号', value: row.sendMessageId ?? '无' },
          { label: '发送异常', value: row.sendException ?? '无' },
        ]}
      />
    </ListPage>
  );
}
