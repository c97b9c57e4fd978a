import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  notifyTemplateCreate,
  notifyTemplateDelete,
  notifyTemplateGet,
  notifyTemplatePage,
  notifyTemplateUpdate,
} from '@app/contract';
import type { NotifyTemplate, NotifyTemplatePageReq } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Switch, Table } from 'antd';
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
import { NotifyTemplateSendDialog } from './notify-template-send-dialog';
import './notify-admin.css';

interface SearchValues {
  name?: string;
  code?: string;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  code: string;
  name: string;
  nickname: string;
  content: string;
  type: number;
  status: 0 | 1;
  remark?: string | null;
}

type Filters = Omit<NotifyTemplatePageReq, 'pageNo' | 'pageSize'>;

export const toTemplateFilters = (values: SearchValues): Filters => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name?.trim() ? { name: values.name.trim() } : {}),
    ...(values.code?.trim() ? { code: values.code.trim() } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** The editable fields of a template, as update takes them. */
const formOf = (t: NotifyTemplate): Required<FormValues> => ({
  id: t.id,
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
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [filters, setFilters] = useState<Filters>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [sending, setSending] = useState<NotifyTemplate | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const typeOptions = useDictOptions(DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...filters };
  const page = useQuery({
    queryKey: ['notify-template', 'page', query],
    queryFn: () => request(notifyTemplatePage, { query }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(notifyTemplateCreate, { body: values })
        : request(notifyTemplateUpdate, { body: { ...values, id: values.id } }),
  });

  const onSearch = (values: SearchValues) => {
    setFilters(toTemplateFilters(values));
    setPageNo(1);
  };
  const onReset = () => {
    searchForm.resetFields();
    onSearch({});
  };

  const openCreate = () => {
    form.resetFields();
    form.setFieldsValue({ status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: NotifyTemplate) => {
    const current = await request(notifyTemplateGet, { query: { id: row.id } });
    if (!current) {
      void message.error('站内信模版不存在');
      await page.refetch();
      return;
    }
    form.resetFields();
    form.setFieldsValue(formOf(current));
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: '系统提示',
      content,
      okText: '确定',
      cancelText: '取消',
      // Failures are shown by the request layer; the confirmation closes either way.
      onOk: () => action().catch(() => undefined),
    });

  const onDelete = (row: NotifyTemplate) =>
    confirm(`是否确认删除站内信模板编号为"${row.id}"的数据项?`, async () => {
      await request(notifyTemplateDelete, { query: { id: row.id } });
      void message.success('删除成功');
      await page.refetch();
    });

  const onStatusChange = (row: NotifyTemplate, enabled: boolean) => {
    const action = enabled ? '开启' : '关闭';
    confirm(`确认要"${action}""${row.name}"模板吗?`, async () => {
      await request(notifyTemplateUpdate, { body: { ...formOf(row), status: enabled ? 0 : 1 } });
      void message.success(`${action}成功`);
      await page.refetch();
    });
  };

  const canUpdate = hasPermi(['system:notify-template:update']);
  const canDelete = hasPermi(['system:notify-template:delete']);
  const canSend = hasPermi(['system:notify-template:send-notify']);
  const columns: TableColumnsType<NotifyTemplate> = [
    { title: '模板编码', dataIndex: 'code', width: 150, ellipsis: true, align: 'center' },
    { title: '模板名称', dataIndex: 'name', width: 140, ellipsis: true, align: 'center' },
    {
      title: '类型',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (v: number) => <DictTag type={DICT_TYPE.SYSTEM_NOTIFY_TEMPLATE_TYPE} value={v} />,
    },
    { title: '发送人名称', dataIndex: 'nickname', width: 120, ellipsis: true, align: 'center' },
    { title: '模板内容', dataIndex: 'content', width: 240, ellipsis: true, align: 'center' },
    {
      title: '开启状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number, row) =>
        canUpdate ? (
          <Switch
            checked={status === 0}
            aria-label={`${row.name}开启状态`}
            onChange={(checked) => onStatusChange(row, checked)}
          />
        ) : (
          <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />
        ),
    },
    { title: '备注', dataIndex: 'remark', width: 140, ellipsis: true, align: 'center' },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canUpdate || canDelete || canSend
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 220,
            fixed: 'right' as const,
            align: 'center' as const,
            render: (_: unknown, row: NotifyTemplate) => (
              <RowActions
                actions={[
                  updateAction(() => void openUpdate(row).catch(() => undefined), { visible: canUpdate }),
                  {
                    key: 'test',
                    label: '测试',
                    icon: <SendOutlined />,
                    onClick: () => setSending(row),
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
    <div className="notify-admin-page notify-template-page">
      <DocAlert title="站内信配置" url="https://doc.iocoder.cn/notify/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="notifyTemplateSearch"
          layout="inline"
          className="notify-admin-search"
          onFinish={onSearch}
        >
          <Form.Item label="模板名称" name="name">
            <Input allowClear placeholder="请输入模板名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="模板编号" name="code">
            <Input allowClear placeholder="请输入模版编码" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Select allowClear placeholder="请选择开启状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="notify-admin-actions">
        <Space wrap>
          {hasPermi(['system:notify-template:create']) && (
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

      <Table<NotifyTemplate>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: '暂无站内信模板' }}
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
        title={editing === 'update' ? '修改站内信模板' : '新增站内信模板'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> form={form} name="notifyTemplateForm" labelCol={{ flex: '100px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="模版编码"
            name="code"
            rules={[
              { required: true, whitespace: true, message: '模板编码不能为空' },
              { max: 64, message: '模板编码长度不能超过 64 个字符' },
            ]}
          >
            <Input placeholder="请输入模版编码" />
          </Form.Item>
          <Form.Item
            label="模板名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '模板名称不能为空' },
              { max: 63, message: '模板名称长度不能超过 63 个字符' },
            ]}
          >
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
            rules={[
              { required: true, whitespace: true, message: '模板内容不能为空' },
              { max: 1024, message: '模板内容长度不能超过 1024 个字符' },
            ]}
          >
            <Input.TextArea placeholder="请输入模板内容" autoSize={{ minRows: 3, maxRows: 8 }} />
          </Form.Item>
          <Form.Item label="类型" name="type" rules={[{ required: true, message: '消息类型不能为空' }]}>
            <Select placeholder="请选择类型" options={typeOptions} />
          </Form.Item>
          <Form.Item label="开启状态" name="status" rules={[{ required: true, message: '开启状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item
            label="备注"
            name="remark"
            rules={[{ max: 255, message: '备注长度不能超过 255 个字符' }]}
          >
            <Input placeholder="请输入备注" />
          </Form.Item>
        </Form>
      </Modal>

      <NotifyTemplateSendDialog template={sending} onClose={() => setSending(null)} />
    </div>
  );
}

export default NotifyTemplatePage;
