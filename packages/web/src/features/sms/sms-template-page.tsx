import { DownloadOutlined, PlusOutlined, ShareAltOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  smsTemplateCreate,
  smsTemplateDelete,
  smsTemplateExportExcel,
  smsTemplateGet,
  smsTemplatePage,
  smsTemplateSendSms,
  smsTemplateUpdate,
} from '@app/contract';
import type { SmsTemplate } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../shared/access';
import { dayRange, formatDateTime } from '../../shared/date/format';
import { useDictOptions } from '../../shared/dict';
import { request, saveBlob } from '../../shared/request';
import { DictTag } from '../../shared/ui/dict-tag';
import { DocAlert } from '../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../shared/ui/row-actions';
import { SearchActions } from '../../shared/ui/search-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../shared/ui/sizes';
import { TableToolbar } from '../../shared/ui/table-toolbar';
import { useSmsChannelOptions } from './sms-channels';
import './sms-page.css';

interface SearchValues {
  type?: number;
  status?: number;
  code?: string;
  apiTemplateId?: string;
  channelId?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  channelId: number;
  type: number;
  code: string;
  name: string;
  content: string;
  status: number;
  apiTemplateId: string;
  remark?: string | null;
}

interface SendValues {
  mobile: string;
  templateParams: Record<string, string>;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.type !== undefined ? { type: String(values.type) } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(values.code ? { code: values.code } : {}),
    ...(values.apiTemplateId ? { apiTemplateId: values.apiTemplateId } : {}),
    ...(values.channelId !== undefined ? { channelId: String(values.channelId) } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 短信模板 (menu component system/sms/template/index), with a 测试 send per template. */
export function SmsTemplatePage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [sendForm] = Form.useForm<SendValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [sending, setSending] = useState<SmsTemplate | null>(null);
  const [exporting, setExporting] = useState(false);
  const { options: channelOptions, signatureOf } = useSmsChannelOptions();
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const typeOptions = useDictOptions(DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['system-sms-template', 'page', query],
    queryFn: () => request(smsTemplatePage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(smsTemplateCreate, { body: values })
        : request(smsTemplateUpdate, { body: { ...values, id: values.id } }),
  });
  const send = useMutation({
    mutationFn: (body: { mobile: string; templateCode: string; templateParams: Record<string, string> }) =>
      request(smsTemplateSendSms, { body }),
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
    form.setFieldsValue({ status: 0 });
    setEditing('create');
  };
  const openUpdate = async (row: SmsTemplate) => {
    const current = await request(smsTemplateGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue(current);
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  // The dialog's form is destroyed on close, so each test send starts empty.
  const openSend = (row: SmsTemplate) => setSending(row);
  const onSend = async () => {
    if (!sending) return;
    const values = await sendForm.validateFields();
    const logId = await send.mutateAsync({
      mobile: values.mobile,
      templateCode: sending.code,
      templateParams: values.templateParams ?? {},
    });
    void message.success(`提交发送成功！发送结果，见发送日志编号：${logId}`);
    setSending(null);
  };

  const onDelete = (row: SmsTemplate) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除短信模板编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(smsTemplateDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await page.refetch();
      },
    });

  // Failures are shown by the request layer; the confirmation closes either way.
  const onExport = () =>
    modal.confirm({
      title: '系统提示',
      content: '是否确认导出所有短信模板数据项?',
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        setExporting(true);
        try {
          const blob = await request(smsTemplateExportExcel, {
            query: toFilter(search),
            responseType: 'blob',
          });
          saveBlob(blob as Blob, '短信模板.xlsx');
        } catch {
          // Shown by the request layer.
        } finally {
          setExporting(false);
        }
      },
    });

  const canSend = hasPermi(['system:sms-template:send-sms']);
  const canUpdate = hasPermi(['system:sms-template:update']);
  const canDelete = hasPermi(['system:sms-template:delete']);
  const columns: TableColumnsType<SmsTemplate> = [
    { title: '模板编码', dataIndex: 'code', width: 150, ellipsis: true, align: 'center' },
    { title: '模板名称', dataIndex: 'name', width: 150, ellipsis: true, align: 'center' },
    { title: '模板内容', dataIndex: 'content', width: 260, align: 'center' },
    {
      title: '短信类型',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (type: number) => <DictTag type={DICT_TYPE.SYSTEM_SMS_TEMPLATE_TYPE} value={type} />,
    },
    {
      title: '开启状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    { title: '备注', dataIndex: 'remark', width: 120, ellipsis: true, align: 'center' },
    { title: '短信 API 的模板编号', dataIndex: 'apiTemplateId', width: 170, ellipsis: true, align: 'center' },
    {
      title: '短信渠道',
      key: 'channel',
      width: 140,
      align: 'center',
      render: (_: unknown, row: SmsTemplate) => (
        <div className="sms-cell-lines">
          <span>{signatureOf(row.channelId)}</span>
          <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={row.channelCode} />
        </div>
      ),
    },
    {
      title: '创建时间',
      dataIndex: 'createTime',
      width: 170,
      align: 'center',
      render: (v: number) => formatDateTime(v),
    },
    ...(canSend || canUpdate || canDelete
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 210,
            align: 'center' as const,
            fixed: 'right' as const,
            render: (_: unknown, row: SmsTemplate) => (
              <RowActions
                actions={[
                  {
                    key: 'test',
                    label: '测试',
                    icon: <ShareAltOutlined />,
                    onClick: () => openSend(row),
                    visible: canSend,
                  },
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
    <div className="sms-page">
      <DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="smsTemplateSearch"
          layout="inline"
          className="sms-search"
          onFinish={onSearch}
        >
          <Form.Item label="短信类型" name="type">
            <Select allowClear placeholder="请选择短信类型" style={{ width: 160 }} options={typeOptions} />
          </Form.Item>
          <Form.Item label="开启状态" name="status">
            <Select allowClear placeholder="请选择开启状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="模板编码" name="code">
            <Input allowClear placeholder="请输入模板编码" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="短信 API 的模板编号" name="apiTemplateId">
            <Input allowClear placeholder="请输入短信 API 的模板编号" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="短信渠道" name="channelId">
            <Select allowClear placeholder="请选择短信渠道" style={{ width: 200 }} options={channelOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="sms-actions">
        <Space wrap>
          {hasPermi(['system:sms-template:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
          {hasPermi(['system:sms-template:export']) && (
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={onExport}>
              导出
            </Button>
          )}
        </Space>
        <TableToolbar
          showSearch={showSearch}
          onShowSearchChange={setShowSearch}
          onRefresh={() => void page.refetch()}
        />
      </div>

      <Table<SmsTemplate>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1600 }}
        locale={{ emptyText: '暂无短信模板' }}
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
        title={editing === 'update' ? '修改短信模板' : '添加短信模板'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="sms-template-form" form={form} labelCol={{ flex: '140px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="短信渠道编号"
            name="channelId"
            rules={[{ required: true, message: '短信渠道编号不能为空' }]}
          >
            <Select placeholder="请选择短信渠道编号" options={channelOptions} />
          </Form.Item>
          <Form.Item label="短信类型" name="type" rules={[{ required: true, message: '短信类型不能为空' }]}>
            <Select placeholder="请选择短信类型" options={typeOptions} />
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
            label="模板内容"
            name="content"
            extra="参数写作 {参数名}，例如：您的验证码是{code}"
            rules={[
              { required: true, whitespace: true, message: '模板内容不能为空' },
              { max: 255, message: '模板内容长度不能超过 255 个字符' },
            ]}
          >
            <Input.TextArea placeholder="请输入模板内容" rows={3} />
          </Form.Item>
          <Form.Item label="开启状态" name="status" rules={[{ required: true, message: '开启状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item
            label="短信 API 模板编号"
            name="apiTemplateId"
            rules={[
              { required: true, whitespace: true, message: '短信 API 的模板编号不能为空' },
              { max: 63, message: '短信 API 的模板编号长度不能超过 63 个字符' },
            ]}
          >
            <Input placeholder="请输入短信 API 的模板编号" />
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

      <Modal
        title="测试发送短信"
        open={sending !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={send.isPending}
        onOk={() => void onSend().catch(() => undefined)}
        onCancel={() => setSending(null)}
        destroyOnHidden
      >
        {sending && (
          <Form<SendValues>
            name="sms-send-form"
            form={sendForm}
            labelCol={{ flex: '120px' }}
            preserve={false}
          >
            <Form.Item label="模板内容">
              <Input.TextArea value={sending.content} readOnly rows={3} aria-label="模板内容" />
            </Form.Item>
            <Form.Item
              label="手机号"
              name="mobile"
              rules={[
                { required: true, whitespace: true, message: '手机号不能为空' },
                { pattern: /^\s*\+?\d{5,19}\s*$/, message: '手机号格式不正确' },
              ]}
            >
              <Input placeholder="请输入手机号" />
            </Form.Item>
            {sending.params.map((param) => (
              <Form.Item
                key={param}
                label={`参数 {${param}}`}
                name={['templateParams', param]}
                rules={[{ required: true, whitespace: true, message: `参数 ${param} 不能为空` }]}
              >
                <Input placeholder={`请输入 ${param} 参数`} />
              </Form.Item>
            ))}
          </Form>
        )}
      </Modal>
    </div>
  );
}
