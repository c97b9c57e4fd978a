import { SendOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  noticeCreate,
  noticeDelete,
  noticeGet,
  noticePage,
  noticePush,
  noticeUpdate,
} from '@app/contract';
import type { Notice } from '@app/contract';
import { App } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  compactText,
  confirmAction,
  dateTimeColumn,
  dictColumn,
  dictField,
  formItem,
  idColumn,
  statusColumn,
  textColumn,
  textField,
  useCan,
  useCrudPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { HtmlTextArea } from '../../shared/ui/html-text-area';

const ENDPOINTS = {
  page: noticePage,
  get: noticeGet,
  create: noticeCreate,
  update: noticeUpdate,
  delete: noticeDelete,
};

/** The reference's notice dialog is wider than the other forms (its editor needs the room). */
const NOTICE_DIALOG_WIDTH = 800;

/** The fields an update carries. */
const pick = ({ id, title, content, type }: Notice) => ({ id, title, content, type });

const SEARCH: SearchField[] = [
  { kind: 'text', name: 'title', label: '公告标题' },
  { kind: 'dict', name: 'status', label: '公告状态', dictType: DICT_TYPE.COMMON_STATUS },
];

/** 通知公告 (menu component system/notice/index): the tenant's notices, pushed to its users as in-site messages. */
export function NoticePage() {
  const { message, modal } = App.useApp();
  const canPush = useCan(noticePush);

  const onPush = (row: Notice) =>
    confirmAction(modal.confirm, '是否推送所选中通知？', () =>
      request(noticePush, { query: { id: row.id } })
        .then(() => void message.success('推送成功'))
        .catch(() => undefined),
    );

  const columns: TableColumnsType<Notice> = [
    idColumn('公告编号'),
    textColumn('公告标题', 'title'),
    dictColumn('公告类型', 'type', DICT_TYPE.SYSTEM_NOTICE_TYPE, { width: 100 }),
    statusColumn<Notice>({
      width: 100,
      endpoint: noticeUpdate,
      save: (row, status) => request(noticeUpdate, { body: { ...pick(row), status } }),
      refresh: noticePage,
      label: (row) => `${row.title}状态`,
      confirm: (word, row) => `确认要"${word}""${row.title}"公告吗?`,
      readOnlyTag: true,
    }),
    dateTimeColumn(),
  ];

  return useCrudPage({
    endpoints: ENDPOINTS,
    entity: '公告',
    search: SEARCH,
    columns: columns,
    rowActions: {
      more: (row) => [
        {
          key: 'push',
          label: '推送',
          icon: <SendOutlined />,
          onClick: () => onPush(row),
          visible: canPush,
        },
      ],
      moreVisible: canPush,
      width: 220,
    },
    emptyText: '暂无通知公告',
    scrollX: 800,
    form: { name: 'noticeForm', width: NOTICE_DIALOG_WIDTH, initialValues: { status: 0 } },
    fields: (
      <>
        {textField('公告标题', 'title', 50, { compact: true })}
        {formItem(
          '公告内容',
          'content',
          compactText('公告内容', 10000),
          <HtmlTextArea placeholder="请输入公告内容" autoSize={{ minRows: 8, maxRows: 16 }} showCount />,
        )}
        {dictField('公告类型', 'type', DICT_TYPE.SYSTEM_NOTICE_TYPE, {
          allowClear: true,
          placeholder: '请选择公告类型',
        })}
        {dictField('状态', 'status', DICT_TYPE.COMMON_STATUS, {
          allowClear: true,
          placeholder: '请选择状态',
        })}
      </>
    ),
  });
}
