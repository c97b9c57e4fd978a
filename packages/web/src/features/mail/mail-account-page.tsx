import { PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  mailAccountCreate,
  mailAccountDelete,
  mailAccountGet,
  mailAccountPage,
  mailAccountUpdate,
} from '@app/contract';
import type { MailAccount } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Input, InputNumber, Modal, Radio, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { formatDateTime } from '../../shared/date/format';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import './mail-page.css';

interface SearchValues {
  mail?: string;
  username?: string;
}

interface FormValues {
  id?: number;
  mail: string;
  username: string;
  password?: string;
  host: string;
  port: number;
  sslEnable: boolean;
}

const SSL_OPTIONS = [
  { label: '是', value: true },
  { label: '否', value: false },
];

const toFilter = (values: SearchValues) => ({
  ...(values.mail ? { mail: values.mail } : {}),
  ...(values.username ? { username: values.username } : {}),
});

/** 邮箱账号 (menu component system/mail/account/index): the SMTP accounts mail is sent through. */
export function MailAccountPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-mail-account', 'page', query],
    queryFn: () => request(mailAccountPage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: ({ id, password, ...values }: FormValues): Promise<unknown> =>
      id === undefined
        ? request(mailAccountCreate, { body: { ...values, password: password ?? '' } })
        : request(mailAccountUpdate, { body: { ...values, id, password: password || null } }),
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({ port: 465, sslEnable: true });
    setEditing('create');
  };
  const openUpdate = async (row: MailAccount) => {
    const current = (await request(mailAccountGet, { query: { id: row.id } })) ?? row;
    form.resetFields();
    form.setFieldsValue({ ...current, password: '' });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const onDelete = (row: MailAccount) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除邮箱账号编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(mailAccountDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const canUpdate = hasPermi(['system:mail-account:update']);
  const canDelete = hasPermi(['system:mail-account:delete']);
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
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 150,
            align: 'center' as const,
            render: (_: unknown, row: MailAccount) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  deleteAction(() => onDelete(row), { visible: canDelete }),
                ]}
              />
            ),
          },
        ]
      : []),
  ];

  return (
    <div className="mail-page">
      <DocAlert title="邮件配置" url="https://doc.iocoder.cn/mail" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="mailAccountSearch"
          layout="inline"
          className="mail-search"
          onFinish={onSearch}
        >
          <Form.Item label="邮箱" name="mail">
            <Input allowClear placeholder="请输入邮箱" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="用户名" name="username">
            <Input allowClear placeholder="请输入用户名" style={{ width: 200 }} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="mail-actions">
        <Space wrap>
          {hasPermi(['system:mail-account:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<MailAccount>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1000 }}
        locale={{ emptyText: '暂无邮箱账号' }}
      />
      <Pagination
        total={page.data?.total ?? 0}
        page={pageNo}
        limit={pageSize}
        onChange={(nextPage, nextSize) => {
          setPageNo(nextPage);
          setPageSize(nextSize);
        }}
      />

      <Modal
        title={editing === 'update' ? '修改邮箱账号' : '添加邮箱账号'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="mail-account-form" form={form} labelCol={{ flex: '130px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
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
          <Form.Item
            label="用户名"
            name="username"
            rules={[{ required: true, whitespace: true, message: '用户名不能为空' }]}
          >
            <Input placeholder="请输入用户名" />
          </Form.Item>
          <Form.Item
            label="密码"
            name="password"
            rules={editing === 'create' ? [{ required: true, message: '密码不能为空' }] : []}
            extra={editing === 'update' ? '密码已加密保存，不修改请留空' : undefined}
          >
            <Input.Password
              placeholder={editing === 'update' ? '不修改请留空' : '请输入密码'}
              autoComplete="new-password"
            />
          </Form.Item>
          <Form.Item
            label="SMTP 服务器域名"
            name="host"
            rules={[{ required: true, whitespace: true, message: 'SMTP 服务器域名不能为空' }]}
          >
            <Input placeholder="请输入 SMTP 服务器域名" />
          </Form.Item>
          <Form.Item
            label="SMTP 服务器端口"
            name="port"
            rules={[{ required: true, message: 'SMTP 服务器端口不能为空' }]}
          >
            <InputNumber min={1} max={65535} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item
            label="是否开启 SSL"
            name="sslEnable"
            rules={[{ required: true, message: '是否开启 SSL 不能为空' }]}
          >
            <Radio.Group options={SSL_OPTIONS} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
