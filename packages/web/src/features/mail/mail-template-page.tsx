import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  mailAccountListAllSimple,
  mailTemplateCreate,
  mailTemplateDelete,
  mailTemplateGet,
  mailTemplatePage,
  mailTemplateUpdate,
} from '@app/contract';
import type { MailTemplate } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { MailSendDialog } from './mail-send-dialog';
import './mail-page.css';

interface SearchValues {
  code?: string;
  name?: string;
  accountId?: number;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  name: string;
  code: string;
  accountId: number;
  nickname?: string | null;
  title: string;
  content: string;
  status: 0 | 1;
  remark?: string | null;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.code ? { code: values.code } : {}),
    ...(values.name ? { name: values.name } : {}),
    ...(values.accountId !== undefined ? { accountId: String(values.accountId) } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 邮件模版 (menu component system/mail/template/index), with the 测试 send dialog. */
export function MailTemplatePage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [testing, setTesting] = useState<MailTemplate | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const accounts = useQuery({
    queryKey: ['system-mail-account', 'simple'],
    queryFn: () => request(mailAccountListAllSimple),
  });
  const accountOptions = (accounts.data ?? []).map((a) => ({ label: a.mail, value: a.id }));
  const accountMail = (id: number) => accounts.data?.find((a) => a.id === id)?.mail ?? '';

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-mail-template', 'page', query],
    queryFn: () => request(mailTemplatePage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(mailTemplateCreate, { body: values })
        : request(mailTemplateUpdate, { body: { ...values, id: values.id } }),
  });

  const onSearch = (values: SearchValues) => {
    setSearch(values);
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const current = async (row: MailTemplate) =>
    (await request(mailTemplateGet, { query: { id: row.id } })) ?? row;
  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({ status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: MailTemplate) => {
    const template = await current(row);
    form.resetFields();
    form.setFieldsValue({ ...template, status: template.status === 1 ? 1 : 0 });
    setEditing('update');
  };
  const openTest = async (row: MailTemplate) => setTesting(await current(row));
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const onDelete = (row: MailTemplate) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除邮件模版编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(mailTemplateDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  const canUpdate = hasPermi(['system:mail-template:update']);
  const canSend = hasPermi(['system:mail-template:send-mail']);
  const canDelete = hasPermi(['system:mail-template:delete']);
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
      render: (id: number) => accountMail(id),
    },
    {
      title: '发送人名称',
      dataIndex: 'nickname',
      width: 120,
      ellipsis: true,
      align: 'center',
      render: (v: string | null) => v ?? '',
    },
    {
      title: '开启状态',
      dataIndex: 'status',
      width: 90,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canSend || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 210,
            align: 'center' as const,
            fixed: 'right' as const,
            render: (_: unknown, row: MailTemplate) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row), { visible: canUpdate }),
                  {
                    key: 'test',
                    label: '测试',
                    icon: <SendOutlined />,
                    onClick: () => void openTest(row),
                    visible: canSend,
                  },
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
          name="mailTemplateSearch"
          layout="inline"
          className="mail-search"
          onFinish={onSearch}
        >
          <Form.Item label="模板编码" name="code">
            <Input allowClear placeholder="请输入模板编码" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="模板名称" name="name">
            <Input allowClear placeholder="请输入模板名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="邮箱账号" name="accountId">
            <Select
              allowClear
              placeholder="请选择邮箱账号"
              style={{ width: 200 }}
              options={accountOptions}
              loading={accounts.isFetching}
            />
          </Form.Item>
          <Form.Item label="开启状态" name="status">
            <Select allowClear placeholder="请选择开启状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="mail-actions">
        <Space wrap>
          {hasPermi(['system:mail-template:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => {
            void page.refetch();
            void accounts.refetch();
          }}
        />
      </div>

      <Table<MailTemplate>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1400 }}
        locale={{ emptyText: '暂无邮件模版' }}
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
        title={editing === 'update' ? '修改邮件模版' : '添加邮件模版'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="mail-template-form" form={form} labelCol={{ flex: '100px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
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
            <Select placeholder="请选择邮箱账号" options={accountOptions} loading={accounts.isFetching} />
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
          <Form.Item
            label="备注"
            name="remark"
            rules={[{ max: 500, message: '备注长度不能超过 500 个字符' }]}
          >
            <Input.TextArea placeholder="请输入备注" rows={2} />
          </Form.Item>
        </Form>
      </Modal>

      <MailSendDialog template={testing} onClose={() => setTesting(null)} />
    </div>
  );
}
