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
import { App, Form, Input } from 'antd';
import type { TableColumnsType } from 'antd';
import {
  confirmAction,
  CreateButton,
  dateTimeColumn,
  dictColumn,
  DictSelect,
  FormDialog,
  ListPage,
  required,
  StatusSwitch,
  useCan,
  useEditDeleteColumn,
  useFormDialog,
  useListPage,
} from '../../shared/crud';
import type { SearchField } from '../../shared/crud';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';

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
  const list = useListPage(noticePage, { search: SEARCH });
  const dialog = useFormDialog();
  const canUpdate = useCan(noticeUpdate);
  const canPush = useCan(noticePush);

  const onPush = (row: Notice) =>
    confirmAction(modal.confirm, '是否推送所选中通知？', () =>
      request(noticePush, { query: { id: row.id } })
        .then(() => void message.success('推送成功'))
        .catch(() => undefined),
    );
  const actions = useEditDeleteColumn<Notice>({
    dialog,
    update: noticeUpdate,
    remove: noticeDelete,
    entity: '公告',
    more: (row) => [
      { key: 'push', label: '推送', icon: <SendOutlined />, onClick: () => onPush(row), visible: canPush },
    ],
    moreVisible: canPush,
    width: 220,
  });

  const columns: TableColumnsType<Notice> = [
    { title: '公告编号', dataIndex: 'id', width: 90, align: 'center' },
    { title: '公告标题', dataIndex: 'title', ellipsis: true, align: 'center' },
    dictColumn('公告类型', 'type', DICT_TYPE.SYSTEM_NOTICE_TYPE, { width: 100 }),
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, row) =>
        canUpdate ? (
          <StatusSwitch
            status={status}
            label={`${row.title}状态`}
            confirm={(word) => `确认要"${word}""${row.title}"公告吗?`}
            save={(next) => request(noticeUpdate, { body: { ...pick(row), status: next } })}
            refresh={noticePage}
          />
        ) : (
          <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />
        ),
    },
    dateTimeColumn(),
    ...actions,
  ];

  return (
    <ListPage
      list={list}
      columns={columns}
      actions={<CreateButton endpoint={noticeCreate} onClick={dialog.openCreate} />}
      emptyText="暂无通知公告"
      scrollX={800}
    >
      <FormDialog
        control={dialog}
        entity="公告"
        name="noticeForm"
        get={noticeGet}
        create={noticeCreate}
        update={noticeUpdate}
        width={NOTICE_DIALOG_WIDTH}
        initialValues={{ status: 0 }}
      >
        <Form.Item
          label="公告标题"
          name="title"
          rules={[
            { required: true, whitespace: true, message: '公告标题不能为空' },
            { max: 50, message: '公告标题不能超过50个字符' },
          ]}
        >
          <Input placeholder="请输入公告标题" />
        </Form.Item>
        <Form.Item
          label="公告内容"
          name="content"
          rules={[
            { required: true, whitespace: true, message: '公告内容不能为空' },
            { max: 10000, message: '公告内容不能超过10000个字符' },
          ]}
        >
          <Input.TextArea placeholder="请输入公告内容" autoSize={{ minRows: 8, maxRows: 16 }} showCount />
        </Form.Item>
        <Form.Item label="公告类型" name="type" rules={required('公告类型')}>
          <DictSelect dictType={DICT_TYPE.SYSTEM_NOTICE_TYPE} allowClear placeholder="请选择公告类型" />
        </Form.Item>
        <Form.Item label="状态" name="status" rules={required('状态')}>
          <DictSelect dictType={DICT_TYPE.COMMON_STATUS} allowClear placeholder="请选择状态" />
        </Form.Item>
      </FormDialog>
    </ListPage>
  );
}
