import { PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  smsChannelCreate,
  smsChannelDelete,
  smsChannelGet,
  smsChannelPage,
  smsChannelUpdate,
} from '@app/contract';
import type { SmsChannel, SmsChannelCode } from '@app/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
import { SMS_CHANNEL_KEY } from './sms-channels';
import './sms-page.css';

interface SearchValues {
  signature?: string;
  status?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  signature: string;
  code: SmsChannelCode;
  status: number;
  remark?: string | null;
  apiKey: string;
  apiSecret?: string | null;
  callbackUrl?: string | null;
  apiUrl?: string | null;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.signature ? { signature: values.signature } : {}),
    ...(values.status !== undefined ? { status: String(values.status) as '0' | '1' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

const HTTP_URL = /^https?:\/\/[^\s/?#]+\S*$/i;
const urlRule = (label: string) => ({
  validator: (_: unknown, value: string | null | undefined) =>
    !value?.trim() || HTTP_URL.test(value.trim())
      ? Promise.resolve()
      : Promise.reject(new Error(`${label}格式不正确`)),
});

/** 短信渠道 (menu component system/sms/channel/index). */
export function SmsChannelPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const queryClient = useQueryClient();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const statusOptions = useDictOptions(DICT_TYPE.COMMON_STATUS).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));
  const codeOptions = useDictOptions(DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE).map((d) => ({
    label: d.label,
    value: d.value,
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: [SMS_CHANNEL_KEY, 'page', query],
    queryFn: () => request(smsChannelPage, { query }),
    placeholderData: keepPreviousData,
  });
  // The template and log pages list the channels too.
  const refresh = () => queryClient.invalidateQueries({ queryKey: [SMS_CHANNEL_KEY] });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(smsChannelCreate, { body: values })
        : request(smsChannelUpdate, { body: { ...values, id: values.id } }),
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
  const openUpdate = async (row: SmsChannel) => {
    const current = await request(smsChannelGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue({ ...current, code: current.code as SmsChannelCode });
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await refresh();
  };

  const onDelete = (row: SmsChannel) =>
    modal.confirm({
      title: '系统提示',
      content: `是否确认删除短信渠道编号为"${row.id}"的数据项?`,
      okText: '确定',
      cancelText: '取消',
      onOk: async () => {
        await request(smsChannelDelete, { query: { id: row.id } });
        void message.success('删除成功');
        await refresh();
      },
    });

  const canUpdate = hasPermi(['system:sms-channel:update']);
  const canDelete = hasPermi(['system:sms-channel:delete']);
  const columns: TableColumnsType<SmsChannel> = [
    { title: '编号', dataIndex: 'id', width: 80, align: 'center' },
    { title: '短信签名', dataIndex: 'signature', ellipsis: true, align: 'center' },
    {
      title: '渠道编码',
      dataIndex: 'code',
      width: 120,
      align: 'center',
      render: (code: string) => <DictTag type={DICT_TYPE.SYSTEM_SMS_CHANNEL_CODE} value={code} />,
    },
    {
      title: '启用状态',
      dataIndex: 'status',
      width: 100,
      align: 'center',
      render: (status: number) => <DictTag type={DICT_TYPE.COMMON_STATUS} value={status} />,
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
    { title: '短信 API 的账号', dataIndex: 'apiKey', ellipsis: true, align: 'center' },
    { title: '短信 API 的密钥', dataIndex: 'apiSecret', ellipsis: true, align: 'center' },
    { title: '短信发送回调 URL', dataIndex: 'callbackUrl', ellipsis: true, align: 'center' },
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
            fixed: 'right' as const,
            render: (_: unknown, row: SmsChannel) => (
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
    <div className="sms-page">
      <DocAlert title="短信配置" url="https://doc.iocoder.cn/sms/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="smsChannelSearch"
          layout="inline"
          className="sms-search"
          onFinish={onSearch}
        >
          <Form.Item label="短信签名" name="signature">
            <Input allowClear placeholder="请输入短信签名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="启用状态" name="status">
            <Select allowClear placeholder="请选择启用状态" style={{ width: 160 }} options={statusOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="sms-actions">
        <Space wrap>
          {hasPermi(['system:sms-channel:create']) && (
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

      <Table<SmsChannel>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1300 }}
        locale={{ emptyText: '暂无短信渠道' }}
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
        title={editing === 'update' ? '修改短信渠道' : '添加短信渠道'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> name="sms-channel-form" form={form} labelCol={{ flex: '140px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="短信签名"
            name="signature"
            rules={[
              { required: true, whitespace: true, message: '短信签名不能为空' },
              { max: 64, message: '短信签名长度不能超过 64 个字符' },
            ]}
          >
            <Input placeholder="请输入短信签名" />
          </Form.Item>
          <Form.Item label="渠道编码" name="code" rules={[{ required: true, message: '渠道编码不能为空' }]}>
            <Select placeholder="请选择渠道编码" options={codeOptions} />
          </Form.Item>
          <Form.Item label="启用状态" name="status" rules={[{ required: true, message: '启用状态不能为空' }]}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item
            label="备注"
            name="remark"
            rules={[{ max: 255, message: '备注长度不能超过 255 个字符' }]}
          >
            <Input placeholder="请输入备注" />
          </Form.Item>
          <Form.Item
            label="短信 API 的账号"
            name="apiKey"
            extra="腾讯云填写 SecretId 与 SDK AppID，以空格分隔"
            rules={[
              { required: true, whitespace: true, message: '短信 API 的账号不能为空' },
              { max: 128, message: '短信 API 的账号长度不能超过 128 个字符' },
            ]}
          >
            <Input placeholder="请输入短信 API 的账号" />
          </Form.Item>
          <Form.Item
            label="短信 API 的密钥"
            name="apiSecret"
            rules={[{ max: 128, message: '短信 API 的密钥长度不能超过 128 个字符' }]}
          >
            <Input placeholder="请输入短信 API 的密钥" />
          </Form.Item>
          <Form.Item label="短信发送回调 URL" name="callbackUrl" rules={[urlRule('回调 URL')]}>
            <Input placeholder="请输入短信发送回调 URL" />
          </Form.Item>
          <Form.Item label="短信 API 地址" name="apiUrl" rules={[urlRule('短信 API 地址')]}>
            <Input placeholder="留空使用渠道的官方地址" />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
