import { DownloadOutlined, PlusOutlined } from '@ant-design/icons';
import {
  DICT_TYPE,
  infraConfigCreate,
  infraConfigDelete,
  infraConfigExport,
  infraConfigGet,
  infraConfigPage,
  infraConfigUpdate,
} from '@app/contract';
import type { InfraConfig } from '@app/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useAccess } from '../../../../../shared/access';
import { useDictOptions } from '../../../../../shared/dict';
import { request, saveBlob } from '../../../../../shared/request';
import { DictTag } from '../../../../../shared/ui/dict-tag';
import { DocAlert } from '../../../../../shared/ui/doc-alert';
import { DEFAULT_PAGE_SIZE, Pagination } from '../../../../../shared/ui/pagination';
import { deleteAction, RowActions, updateAction } from '../../../../../shared/ui/row-actions';
import { DIALOG_WIDTH_MEDIUM } from '../../../../../shared/ui/sizes';
import { TableToolbar } from '../../../../../shared/ui/table-toolbar';
import '../../../config-page.css';
import { dayRange, formatDateTime } from '../../../../../shared/date/format';
import { SearchActions } from '../../../../../shared/ui/search-actions';

interface SearchValues {
  name?: string;
  key?: string;
  type?: number;
  createTime?: [Dayjs | null, Dayjs | null] | null;
}

interface FormValues {
  id?: number;
  category: string;
  name: string;
  key: string;
  value: string;
  visible: boolean;
  remark?: string | null;
}

const toFilter = (values: SearchValues) => {
  const createTime = dayRange(values.createTime);
  return {
    ...(values.name ? { name: values.name } : {}),
    ...(values.key ? { key: values.key } : {}),
    ...(values.type !== undefined ? { type: String(values.type) as '1' | '2' } : {}),
    ...(createTime ? { createTime } : {}),
  };
};

/** 配置管理 (menu component infra/config/index): configuration parameters read by key. */
export function ConfigPage() {
  const { message, modal } = App.useApp();
  const { hasPermi } = useAccess();
  const [searchForm] = Form.useForm<SearchValues>();
  const [form] = Form.useForm<FormValues>();
  const [search, setSearch] = useState<SearchValues>({});
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  const [showSearch, setShowSearch] = useState(true);
  const [editing, setEditing] = useState<'create' | 'update' | null>(null);
  const [exporting, setExporting] = useState(false);
  const typeOptions = useDictOptions(DICT_TYPE.INFRA_CONFIG_TYPE).map((d) => ({
    label: d.label,
    value: Number(d.value),
  }));

  const query = { pageNo, pageSize, ...toFilter(search) };
  const page = useQuery({
    queryKey: ['infra-config', 'page', query],
    queryFn: () => request(infraConfigPage, { query }),
    placeholderData: keepPreviousData,
  });

  const save = useMutation({
    mutationFn: (values: FormValues): Promise<unknown> =>
      values.id === undefined
        ? request(infraConfigCreate, { body: values })
        : request(infraConfigUpdate, { body: { ...values, id: values.id } }),
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
    form.setFieldsValue({ visible: true });
    setEditing('create');
  };
  const openUpdate = async (row: InfraConfig) => {
    const current = await request(infraConfigGet, { query: { id: row.id } });
    form.resetFields();
    form.setFieldsValue(current ?? row);
    setEditing('update');
  };
  const onSubmit = async () => {
    const values = await form.validateFields();
    await save.mutateAsync(values);
    void message.success(values.id === undefined ? '新增成功' : '修改成功');
    setEditing(null);
    await page.refetch();
  };

  // Failures are shown by the request layer; the confirmation closes either way.
  const confirm = (content: string, action: () => Promise<void>) =>
    modal.confirm({
      title: '系统提示',
      content,
      okText: '确定',
      cancelText: '取消',
      onOk: () => action().catch(() => undefined),
    });

  const onDelete = (row: InfraConfig) =>
    confirm(`是否确认删除参数编号为"${row.id}"的数据项?`, async () => {
      await request(infraConfigDelete, { query: { id: row.id } });
      void message.success('删除成功');
      await page.refetch();
    });

  const onExport = () =>
    confirm('是否确认导出所有参数数据项?', async () => {
      setExporting(true);
      try {
        const blob = await request(infraConfigExport, { query: toFilter(search), responseType: 'blob' });
        saveBlob(blob as Blob, '参数配置.xlsx');
      } finally {
        setExporting(false);
      }
    });

  const canUpdate = hasPermi(['infra:config:update']);
  const canDelete = hasPermi(['infra:config:delete']);
  const columns: TableColumnsType<InfraConfig> = [
    { title: '参数主键', dataIndex: 'id', width: 90, align: 'center' },
    { title: '参数分类', dataIndex: 'category', width: 100, align: 'center' },
    { title: '参数名称', dataIndex: 'name', ellipsis: true, align: 'center' },
    { title: '参数键名', dataIndex: 'key', ellipsis: true, align: 'center' },
    { title: '参数键值', dataIndex: 'value', ellipsis: true, align: 'center' },
    {
      title: '系统内置',
      dataIndex: 'type',
      width: 100,
      align: 'center',
      render: (type: number) => <DictTag type={DICT_TYPE.INFRA_CONFIG_TYPE} value={type} />,
    },
    {
      title: '是否可见',
      dataIndex: 'visible',
      width: 90,
      align: 'center',
      render: (visible: boolean) => (visible ? '是' : '否'),
    },
    { title: '备注', dataIndex: 'remark', ellipsis: true, align: 'center' },
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
            render: (_: unknown, row: InfraConfig) => (
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
    <div className="config-page">
      <DocAlert title="配置中心" url="https://doc.iocoder.cn/config-center/" />
      {showSearch && (
        <Form<SearchValues>
          form={searchForm}
          name="configSearch"
          layout="inline"
          className="config-search"
          onFinish={onSearch}
        >
          <Form.Item label="参数名称" name="name">
            <Input allowClear placeholder="请输入参数名称" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="参数键名" name="key">
            <Input allowClear placeholder="请输入参数键名" style={{ width: 200 }} />
          </Form.Item>
          <Form.Item label="系统内置" name="type">
            <Select allowClear placeholder="系统内置" style={{ width: 160 }} options={typeOptions} />
          </Form.Item>
          <Form.Item label="创建时间" name="createTime">
            <DatePicker.RangePicker placeholder={['开始日期', '结束日期']} />
          </Form.Item>
          <SearchActions onReset={onReset} />
        </Form>
      )}

      <div className="config-actions">
        <Space wrap>
          {hasPermi(['infra:config:create']) && (
            <Button type="primary" ghost icon={<PlusOutlined />} onClick={openCreate}>
              新增
            </Button>
          )}
          {hasPermi(['infra:config:export']) && (
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

      <Table<InfraConfig>
        rowKey="id"
        columns={columns}
        dataSource={page.data?.list ?? []}
        loading={page.isFetching}
        pagination={false}
        scroll={{ x: 1100 }}
        locale={{ emptyText: '暂无参数配置' }}
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
        title={editing === 'update' ? '修改参数' : '添加参数'}
        open={editing !== null}
        width={DIALOG_WIDTH_MEDIUM}
        okText="确 定"
        cancelText="取 消"
        confirmLoading={save.isPending}
        onOk={() => void onSubmit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        forceRender
      >
        <Form<FormValues> form={form} name="configForm" labelCol={{ flex: '90px' }}>
          <Form.Item name="id" hidden>
            <Input />
          </Form.Item>
          <Form.Item
            label="参数分类"
            name="category"
            rules={[
              { required: true, whitespace: true, message: '参数分类不能为空' },
              { max: 50, message: '参数分类不能超过50个字符' },
            ]}
          >
            <Input placeholder="请输入参数分类" />
          </Form.Item>
          <Form.Item
            label="参数名称"
            name="name"
            rules={[
              { required: true, whitespace: true, message: '参数名称不能为空' },
              { max: 100, message: '参数名称不能超过100个字符' },
            ]}
          >
            <Input placeholder="请输入参数名称" />
          </Form.Item>
          <Form.Item
            label="参数键名"
            name="key"
            rules={[
              { required: true, whitespace: true, message: '参数键名不能为空' },
              { max: 100, message: '参数键名长度不能超过100个字符' },
            ]}
          >
            <Input placeholder="请输入参数键名" disabled={editing === 'update'} />
          </Form.Item>
          <Form.Item
            label="参数键值"
            name="value"
            rules={[
              { required: true, whitespace: true, message: '参数键值不能为空' },
              { max: 500, message: '参数键值长度不能超过500个字符' },
            ]}
          >
            <Input placeholder="请输入参数键值" />
          </Form.Item>
          <Form.Item
            label="是否可见"
            name="visible"
            rules={[{ required: true, message: '是否可见不能为空' }]}
          >
            <Radio.Group
              options={[
                { label: '是', value: true },
                { label: '否', value: false },
              ]}
            />
          </Form.Item>
          <Form.Item label="备注" name="remark" rules={[{ max: 500, message: '备注长度不能超过500个字符' }]}>
            <Input.TextArea placeholder="请输入内容" rows={3} />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}

export default ConfigPage;
